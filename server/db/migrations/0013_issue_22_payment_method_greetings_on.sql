ALTER TABLE "cards" ALTER COLUMN "image_post_enabled" SET DEFAULT true;--> statement-breakpoint
ALTER TABLE "card_payments" ADD COLUMN "payment_method" text;--> statement-breakpoint
ALTER TABLE "card_payments" ADD COLUMN "payment_reference" text;--> statement-breakpoint
-- A card staff never switched had greetings working while it read "off" (ADR 0044): store what is true.
UPDATE "cards" SET "image_post_enabled" = true WHERE "image_post_enabled" = false AND coalesce(("image_post_settings"->>'switchedByStaff')::boolean, false) = false;
