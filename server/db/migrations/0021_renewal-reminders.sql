CREATE TABLE "renewal_settings" (
	"agency_id" integer PRIMARY KEY NOT NULL,
	"enabled" boolean DEFAULT false NOT NULL,
	"days" jsonb DEFAULT '[-7,-1,3]'::jsonb NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "renewals" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "renewals_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"agency_id" integer NOT NULL,
	"business_id" integer NOT NULL,
	"franchisee_id" integer,
	"expires_on" date NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"reminders" integer DEFAULT 0 NOT NULL,
	"last_reminded_at" timestamp with time zone,
	"record_no" integer,
	"payment_link_id" text,
	"payment_link_url" text,
	"paid_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "renewals_payment_link_uq" UNIQUE("payment_link_id")
);
--> statement-breakpoint
ALTER TABLE "renewal_settings" ADD CONSTRAINT "renewal_settings_agency_id_agencies_id_fk" FOREIGN KEY ("agency_id") REFERENCES "public"."agencies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "renewals" ADD CONSTRAINT "renewals_agency_id_agencies_id_fk" FOREIGN KEY ("agency_id") REFERENCES "public"."agencies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "renewals" ADD CONSTRAINT "renewals_business_id_businesses_business_id_fk" FOREIGN KEY ("business_id") REFERENCES "public"."businesses"("business_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "renewals" ADD CONSTRAINT "renewals_franchisee_id_franchisees_id_fk" FOREIGN KEY ("franchisee_id") REFERENCES "public"."franchisees"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "renewals" ADD CONSTRAINT "renewals_record_no_card_payments_record_no_fk" FOREIGN KEY ("record_no") REFERENCES "public"."card_payments"("record_no") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "renewals_business_expiry_uq" ON "renewals" USING btree ("business_id","expires_on");--> statement-breakpoint
CREATE INDEX "renewals_agency_expires_idx" ON "renewals" USING btree ("agency_id","expires_at");