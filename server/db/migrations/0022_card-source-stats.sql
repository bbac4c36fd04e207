CREATE TABLE "card_source_stats" (
	"business_id" integer NOT NULL,
	"agency_id" integer NOT NULL,
	"day" date NOT NULL,
	"source" text NOT NULL,
	"greeting_id" integer DEFAULT 0 NOT NULL,
	"event" text NOT NULL,
	"count" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "card_source_stats_business_id_day_source_greeting_id_event_pk" PRIMARY KEY("business_id","day","source","greeting_id","event")
);
--> statement-breakpoint
ALTER TABLE "card_source_stats" ADD CONSTRAINT "card_source_stats_business_id_businesses_business_id_fk" FOREIGN KEY ("business_id") REFERENCES "public"."businesses"("business_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "card_source_stats" ADD CONSTRAINT "card_source_stats_agency_id_agencies_id_fk" FOREIGN KEY ("agency_id") REFERENCES "public"."agencies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "card_source_stats_agency_day_idx" ON "card_source_stats" USING btree ("agency_id","day");