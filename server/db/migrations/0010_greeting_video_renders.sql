CREATE TABLE "greeting_video_renders" (
	"render_id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "greeting_video_renders_render_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"agency_id" integer NOT NULL,
	"business_id" integer NOT NULL,
	"image_id" integer NOT NULL,
	"brand_version" text NOT NULL,
	"brand" jsonb NOT NULL,
	"status" text DEFAULT 'queued' NOT NULL,
	"percent" integer DEFAULT 0 NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"job_id" text,
	"output_key" text,
	"output_bytes" integer,
	"duration_ms" integer,
	"error" text,
	"finished_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "greeting_video_renders_post_business_version_uq" UNIQUE("image_id","business_id","brand_version")
);
--> statement-breakpoint
ALTER TABLE "greeting_video_renders" ADD CONSTRAINT "greeting_video_renders_agency_id_agencies_id_fk" FOREIGN KEY ("agency_id") REFERENCES "public"."agencies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "greeting_video_renders" ADD CONSTRAINT "greeting_video_renders_business_id_businesses_business_id_fk" FOREIGN KEY ("business_id") REFERENCES "public"."businesses"("business_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "greeting_video_renders" ADD CONSTRAINT "greeting_video_renders_image_id_image_posts_image_id_fk" FOREIGN KEY ("image_id") REFERENCES "public"."image_posts"("image_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "greeting_video_renders_business_created_idx" ON "greeting_video_renders" USING btree ("business_id","created_at");--> statement-breakpoint
CREATE INDEX "greeting_video_renders_agency_idx" ON "greeting_video_renders" USING btree ("agency_id");