CREATE TABLE "image_post_downloads" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "image_post_downloads_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"agency_id" integer NOT NULL,
	"business_id" integer NOT NULL,
	"image_id" integer,
	"media_type" text DEFAULT 'IMAGE' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "image_subcategories" ADD COLUMN "placement" text DEFAULT 'COMMON' NOT NULL;--> statement-breakpoint
ALTER TABLE "image_post_downloads" ADD CONSTRAINT "image_post_downloads_agency_id_agencies_id_fk" FOREIGN KEY ("agency_id") REFERENCES "public"."agencies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "image_post_downloads" ADD CONSTRAINT "image_post_downloads_business_id_businesses_business_id_fk" FOREIGN KEY ("business_id") REFERENCES "public"."businesses"("business_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "image_post_downloads" ADD CONSTRAINT "image_post_downloads_image_id_image_posts_image_id_fk" FOREIGN KEY ("image_id") REFERENCES "public"."image_posts"("image_id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "image_post_downloads_business_created_idx" ON "image_post_downloads" USING btree ("business_id","created_at");