CREATE TABLE "agency_whatsapp_settings" (
	"agency_id" integer PRIMARY KEY NOT NULL,
	"phone_number_id" text NOT NULL,
	"access_token" text NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "message_opt_outs" (
	"agency_id" integer NOT NULL,
	"channel" text NOT NULL,
	"recipient" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "message_opt_outs_agency_id_channel_recipient_pk" PRIMARY KEY("agency_id","channel","recipient")
);
--> statement-breakpoint
CREATE TABLE "outbound_messages" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "outbound_messages_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"agency_id" integer NOT NULL,
	"event_key" text NOT NULL,
	"channel" text NOT NULL,
	"purpose" text NOT NULL,
	"recipient" text NOT NULL,
	"subject" text,
	"body" text NOT NULL,
	"status" text DEFAULT 'queued' NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"last_error" text,
	"sent_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "agency_whatsapp_settings" ADD CONSTRAINT "agency_whatsapp_settings_agency_id_agencies_id_fk" FOREIGN KEY ("agency_id") REFERENCES "public"."agencies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "message_opt_outs" ADD CONSTRAINT "message_opt_outs_agency_id_agencies_id_fk" FOREIGN KEY ("agency_id") REFERENCES "public"."agencies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "outbound_messages" ADD CONSTRAINT "outbound_messages_agency_id_agencies_id_fk" FOREIGN KEY ("agency_id") REFERENCES "public"."agencies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "outbound_messages_event_channel_uq" ON "outbound_messages" USING btree ("agency_id","event_key","channel");--> statement-breakpoint
CREATE INDEX "outbound_messages_recipient_sent_idx" ON "outbound_messages" USING btree ("recipient","sent_at");--> statement-breakpoint
CREATE INDEX "outbound_messages_agency_status_idx" ON "outbound_messages" USING btree ("agency_id","status");