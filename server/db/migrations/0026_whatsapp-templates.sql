ALTER TABLE "agency_whatsapp_settings" ADD COLUMN "display_phone_number" text;--> statement-breakpoint
ALTER TABLE "agency_whatsapp_settings" ADD COLUMN "reminder_template" text;--> statement-breakpoint
ALTER TABLE "agency_whatsapp_settings" ADD COLUMN "alert_template" text;--> statement-breakpoint
ALTER TABLE "agency_whatsapp_settings" ADD COLUMN "template_language" text DEFAULT 'en' NOT NULL;--> statement-breakpoint
ALTER TABLE "outbound_messages" ADD COLUMN "params" jsonb;