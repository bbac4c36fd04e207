ALTER TABLE "agencies" ADD COLUMN "ssl_domain" text;--> statement-breakpoint
ALTER TABLE "agencies" ADD COLUMN "ssl_challenge_token" text;--> statement-breakpoint
ALTER TABLE "agencies" ADD COLUMN "ssl_challenge_proof" text;--> statement-breakpoint
ALTER TABLE "agencies" ADD COLUMN "ssl_checked_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "agencies" ADD COLUMN "ssl_failure_reason" text;--> statement-breakpoint
CREATE UNIQUE INDEX "agencies_ssl_token_uq" ON "agencies" USING btree ("ssl_challenge_token");