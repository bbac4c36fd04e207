ALTER TABLE "user_videos" ALTER COLUMN "status" SET DEFAULT 'queued';--> statement-breakpoint
ALTER TABLE "user_videos" ADD COLUMN "percent" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "user_videos" ADD COLUMN "attempts" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "user_videos" ADD COLUMN "job_id" text;--> statement-breakpoint
ALTER TABLE "user_videos" ADD COLUMN "output_bytes" integer;--> statement-breakpoint
ALTER TABLE "user_videos" ADD COLUMN "error" text;--> statement-breakpoint
ALTER TABLE "user_videos" ADD COLUMN "request_key" text;--> statement-breakpoint
ALTER TABLE "user_videos" ADD COLUMN "finished_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "user_videos" ADD COLUMN "deleted_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "video_templates" ADD COLUMN "background" text;--> statement-breakpoint
ALTER TABLE "user_videos" ADD CONSTRAINT "user_videos_business_request_uq" UNIQUE("business_id","request_key");--> statement-breakpoint
-- The render states (ADR 0025): the old pending/done become queued/ready.
UPDATE "user_videos" SET "status" = CASE WHEN "status" = 'done' THEN 'ready' ELSE 'queued' END WHERE "status" IN ('pending', 'done');
