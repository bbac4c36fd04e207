CREATE TABLE "card_id_history" (
	"agency_id" integer NOT NULL,
	"card_id" text NOT NULL,
	"card_no" integer NOT NULL,
	"retired_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "card_id_history_agency_id_card_id_pk" PRIMARY KEY("agency_id","card_id")
);
--> statement-breakpoint
ALTER TABLE "card_id_history" ADD CONSTRAINT "card_id_history_agency_id_agencies_id_fk" FOREIGN KEY ("agency_id") REFERENCES "public"."agencies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "card_id_history" ADD CONSTRAINT "card_id_history_card_no_cards_card_no_fk" FOREIGN KEY ("card_no") REFERENCES "public"."cards"("card_no") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "card_id_history_card_idx" ON "card_id_history" USING btree ("card_no");