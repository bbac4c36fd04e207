CREATE TABLE "card_daily_stats" (
	"card_no" integer NOT NULL,
	"agency_id" integer NOT NULL,
	"day" date NOT NULL,
	"views" integer DEFAULT 0 NOT NULL,
	"taps" integer DEFAULT 0 NOT NULL,
	"saves" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "card_daily_stats_card_no_day_pk" PRIMARY KEY("card_no","day")
);
--> statement-breakpoint
DROP INDEX "cards_business_uq";--> statement-breakpoint
ALTER TABLE "cards" ADD COLUMN "deleted_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "card_daily_stats" ADD CONSTRAINT "card_daily_stats_card_no_cards_card_no_fk" FOREIGN KEY ("card_no") REFERENCES "public"."cards"("card_no") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "card_daily_stats" ADD CONSTRAINT "card_daily_stats_agency_id_agencies_id_fk" FOREIGN KEY ("agency_id") REFERENCES "public"."agencies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "card_daily_stats_agency_day_idx" ON "card_daily_stats" USING btree ("agency_id","day");--> statement-breakpoint
CREATE UNIQUE INDEX "cards_business_uq" ON "cards" USING btree ("business_id") WHERE "cards"."deleted_at" is null;