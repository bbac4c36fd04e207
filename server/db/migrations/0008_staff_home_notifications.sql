CREATE TABLE "admin_notification_reads" (
	"notification_id" integer NOT NULL,
	"franchisee_id" integer NOT NULL,
	"read_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "admin_notification_reads_notification_id_franchisee_id_pk" PRIMARY KEY("notification_id","franchisee_id")
);
--> statement-breakpoint
ALTER TABLE "admin_notifications" DROP CONSTRAINT "admin_notifications_franchisee_id_franchisees_id_fk";
--> statement-breakpoint
ALTER TABLE "admin_notifications" ADD COLUMN "kind" text NOT NULL;--> statement-breakpoint
ALTER TABLE "admin_notifications" ADD COLUMN "business_id" integer NOT NULL;--> statement-breakpoint
ALTER TABLE "admin_notifications" ADD COLUMN "dedupe_key" text NOT NULL;--> statement-breakpoint
ALTER TABLE "admin_notification_reads" ADD CONSTRAINT "admin_notification_reads_notification_id_admin_notifications_id_fk" FOREIGN KEY ("notification_id") REFERENCES "public"."admin_notifications"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "admin_notification_reads" ADD CONSTRAINT "admin_notification_reads_franchisee_id_franchisees_id_fk" FOREIGN KEY ("franchisee_id") REFERENCES "public"."franchisees"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "admin_notifications_dedupe_uq" ON "admin_notifications" USING btree ("agency_id","dedupe_key");--> statement-breakpoint
ALTER TABLE "admin_notifications" DROP COLUMN "franchisee_id";--> statement-breakpoint
ALTER TABLE "admin_notifications" DROP COLUMN "link";--> statement-breakpoint
ALTER TABLE "admin_notifications" DROP COLUMN "read_at";