CREATE TABLE "admin_notifications" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "admin_notifications_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"agency_id" integer NOT NULL,
	"franchisee_id" integer,
	"title" text NOT NULL,
	"body" text,
	"link" text,
	"read_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "agencies" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "agencies_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"agency_name" text NOT NULL,
	"host" text NOT NULL,
	"roles" text[] DEFAULT '{}'::text[] NOT NULL,
	"configuration" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"invitation_site_link" text,
	"admin_name" text,
	"admin_phone_number" text,
	"admin_email" text,
	"ssl_status" text DEFAULT 'none' NOT NULL,
	"ssl_requested_at" timestamp with time zone,
	"is_active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "analytics_events" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "analytics_events_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"agency_id" integer NOT NULL,
	"user_id" integer,
	"franchisee_id" integer,
	"log_event_name" text NOT NULL,
	"session_id" text,
	"context" jsonb,
	"page_url" text,
	"meta_data" jsonb,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "client_logs" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "client_logs_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"agency_id" integer,
	"level" text NOT NULL,
	"message" text NOT NULL,
	"additional_info" jsonb,
	"source" text NOT NULL,
	"user_agent" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "franchisees" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "franchisees_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"agency_id" integer NOT NULL,
	"name" text NOT NULL,
	"phone_number" text NOT NULL,
	"email" text,
	"password_hash" text,
	"roles" text[] DEFAULT '{}'::text[] NOT NULL,
	"permissions" text[] DEFAULT '{}'::text[] NOT NULL,
	"configuration" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"parent_franchisee_id" integer,
	"is_active" boolean DEFAULT true NOT NULL,
	"last_login_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "otp_challenges" (
	"id" text PRIMARY KEY NOT NULL,
	"agency_id" integer NOT NULL,
	"kind" text NOT NULL,
	"phone_number" text,
	"email" text,
	"from_forgot_password" boolean DEFAULT false NOT NULL,
	"code_hash" text NOT NULL,
	"code_expires_at" timestamp with time zone NOT NULL,
	"failed_attempts" integer DEFAULT 0 NOT NULL,
	"send_count" integer DEFAULT 1 NOT NULL,
	"last_sent_at" timestamp with time zone DEFAULT now() NOT NULL,
	"verified_at" timestamp with time zone,
	"consumed_at" timestamp with time zone,
	"expires_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "rate_limits" (
	"key" text PRIMARY KEY NOT NULL,
	"count" integer NOT NULL,
	"window_started_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sessions" (
	"id" text PRIMARY KEY NOT NULL,
	"agency_id" integer NOT NULL,
	"user_id" integer,
	"franchisee_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_seen_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"ip" text,
	"user_agent" text
);
--> statement-breakpoint
CREATE TABLE "users" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "users_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"agency_id" integer NOT NULL,
	"phone_number" text,
	"email" text,
	"is_foreign_user" boolean DEFAULT false NOT NULL,
	"password_hash" text,
	"preference" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"last_login_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "businesses" (
	"business_id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "businesses_business_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"agency_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"business_name" text NOT NULL,
	"title" text DEFAULT 'none' NOT NULL,
	"contact_person" text,
	"business_nature" text,
	"category" text,
	"image_subcategory_id" integer,
	"phone_number" text,
	"alternate_phone_number" text,
	"whatsapp_number" text,
	"email" text,
	"address" text,
	"map_link" text,
	"logo_url" text,
	"frame_settings" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"expiry_date_for_customer" timestamp with time zone,
	"payment_status" integer DEFAULT 0 NOT NULL,
	"business_made_by" text DEFAULT 'self' NOT NULL,
	"made_by_franchisee_id" integer,
	"is_subscription_active" boolean DEFAULT false NOT NULL,
	"subscription_plan_id" integer,
	"plan_limits" jsonb,
	"frame_visibility" jsonb,
	"deleted_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "businesses_payment_status_ck" CHECK ("businesses"."payment_status" in (0, 1))
);
--> statement-breakpoint
CREATE TABLE "cards" (
	"card_no" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "cards_card_no_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"agency_id" integer NOT NULL,
	"business_id" integer NOT NULL,
	"card_id" text NOT NULL,
	"template" text DEFAULT 'style-1' NOT NULL,
	"status" text DEFAULT 'active' NOT NULL,
	"basic_details" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"payment_options" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"youtube_videos" jsonb DEFAULT '{"videos":[]}'::jsonb NOT NULL,
	"gallery" jsonb DEFAULT '{"images":[]}'::jsonb NOT NULL,
	"about_us" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"products" jsonb DEFAULT '{"items":[]}'::jsonb NOT NULL,
	"links" jsonb DEFAULT '{"items":[]}'::jsonb NOT NULL,
	"settings" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"image_post_enabled" boolean DEFAULT false NOT NULL,
	"image_post_settings" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"card_limit" integer DEFAULT 1 NOT NULL,
	"view_count" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "documents" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "documents_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"agency_id" integer NOT NULL,
	"owner_user_id" integer,
	"owner_franchisee_id" integer,
	"file_name" text NOT NULL,
	"hierarchy1" text NOT NULL,
	"hierarchy2" text,
	"storage_key" text NOT NULL,
	"mime_type" text NOT NULL,
	"size_bytes" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "feedback" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "feedback_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"agency_id" integer NOT NULL,
	"business_id" integer NOT NULL,
	"card_no" integer,
	"kind" text DEFAULT 'feedback' NOT NULL,
	"name" text NOT NULL,
	"phone_number" text,
	"email" text,
	"message" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "agency_image_payments" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "agency_image_payments_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"agency_id" integer NOT NULL,
	"amount" integer NOT NULL,
	"currency" text DEFAULT 'INR' NOT NULL,
	"through_gateway" boolean DEFAULT false NOT NULL,
	"is_manual_update" boolean DEFAULT false NOT NULL,
	"razorpay_order_id" text,
	"razorpay_payment_id" text,
	"status" text DEFAULT 'created' NOT NULL,
	"failure_reason" text,
	"paid_at" timestamp with time zone,
	"recorded_by_franchisee_id" integer,
	"valid_from" timestamp with time zone,
	"valid_until" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "agency_image_payments_razorpay_order_uq" UNIQUE("razorpay_order_id"),
	CONSTRAINT "agency_image_payments_razorpay_payment_uq" UNIQUE("razorpay_payment_id")
);
--> statement-breakpoint
CREATE TABLE "agency_pdf_card_payment_configs" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "agency_pdf_card_payment_configs_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"agency_id" integer NOT NULL,
	"plans" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "agency_pdf_card_payment_configs_agency_uq" UNIQUE("agency_id")
);
--> statement-breakpoint
CREATE TABLE "annual_payments" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "annual_payments_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"agency_id" integer NOT NULL,
	"year" integer NOT NULL,
	"amount" integer NOT NULL,
	"status" text DEFAULT 'paid' NOT NULL,
	"is_manual_update" boolean DEFAULT true NOT NULL,
	"paid_at" timestamp with time zone,
	"valid_from" timestamp with time zone,
	"valid_until" timestamp with time zone,
	"note" text,
	"recorded_by_franchisee_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "card_payments" (
	"record_no" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "card_payments_record_no_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"agency_id" integer NOT NULL,
	"business_id" integer,
	"subscription_plan_id" integer,
	"plan_name" text,
	"amount" integer NOT NULL,
	"currency" text DEFAULT 'INR' NOT NULL,
	"through_gateway" boolean DEFAULT false NOT NULL,
	"is_manual_update" boolean DEFAULT false NOT NULL,
	"razorpay_order_id" text,
	"razorpay_payment_id" text,
	"status" text DEFAULT 'created' NOT NULL,
	"failure_reason" text,
	"paid_at" timestamp with time zone,
	"recorded_by_franchisee_id" integer,
	"valid_from" timestamp with time zone,
	"valid_until" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "card_payments_razorpay_order_uq" UNIQUE("razorpay_order_id"),
	CONSTRAINT "card_payments_razorpay_payment_uq" UNIQUE("razorpay_payment_id")
);
--> statement-breakpoint
CREATE TABLE "month_bill_items" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "month_bill_items_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"agency_id" integer NOT NULL,
	"month_payment_id" integer NOT NULL,
	"card_no" integer,
	"card_id" text,
	"amount" integer NOT NULL,
	"moved_out_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "month_payments" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "month_payments_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"agency_id" integer NOT NULL,
	"month" integer NOT NULL,
	"year" integer NOT NULL,
	"amount" integer DEFAULT 0 NOT NULL,
	"outstanding" integer DEFAULT 0 NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"through_gateway" boolean DEFAULT false NOT NULL,
	"is_manual_update" boolean DEFAULT false NOT NULL,
	"razorpay_order_id" text,
	"razorpay_payment_id" text,
	"paid_at" timestamp with time zone,
	"recorded_by_franchisee_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "month_payments_razorpay_order_uq" UNIQUE("razorpay_order_id"),
	CONSTRAINT "month_payments_razorpay_payment_uq" UNIQUE("razorpay_payment_id"),
	CONSTRAINT "month_payments_agency_period_uq" UNIQUE("agency_id","year","month"),
	CONSTRAINT "month_payments_month_ck" CHECK ("month_payments"."month" between 1 and 12)
);
--> statement-breakpoint
CREATE TABLE "razorpay_webhook_events" (
	"event_id" text PRIMARY KEY NOT NULL,
	"event" text NOT NULL,
	"agency_id" integer,
	"payload" jsonb NOT NULL,
	"received_at" timestamp with time zone DEFAULT now() NOT NULL,
	"processed_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "subscription_plans" (
	"subscription_plan_id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "subscription_plans_subscription_plan_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"agency_id" integer NOT NULL,
	"name" text NOT NULL,
	"price" integer NOT NULL,
	"validity_years" integer DEFAULT 1 NOT NULL,
	"limits" jsonb NOT NULL,
	"frame_visibility" jsonb DEFAULT '{"hideRegularFrame":false,"hideProductFrame":false,"hidePoliticalFrame":false}'::jsonb NOT NULL,
	"is_custom" boolean DEFAULT false NOT NULL,
	"business_id" integer,
	"is_active" boolean DEFAULT true NOT NULL,
	"sort_order" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "subscription_plans_price_ck" CHECK ("subscription_plans"."price" >= 0),
	CONSTRAINT "subscription_plans_validity_ck" CHECK ("subscription_plans"."validity_years" >= 1)
);
--> statement-breakpoint
CREATE TABLE "category_static_pages" (
	"category_static_page_id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "category_static_pages_category_static_page_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"agency_id" integer,
	"category" text NOT NULL,
	"image_subcategory_id" integer,
	"title" text NOT NULL,
	"content" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"meta_title" text,
	"meta_description" text,
	"is_active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "category_static_pages_agency_category_uq" UNIQUE NULLS NOT DISTINCT("agency_id","category")
);
--> statement-breakpoint
CREATE TABLE "image_categories" (
	"image_category_id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "image_categories_image_category_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"agency_id" integer,
	"name" text NOT NULL,
	"description" text,
	"sort_order" integer DEFAULT 0 NOT NULL,
	"is_active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "image_categories_agency_name_uq" UNIQUE NULLS NOT DISTINCT("agency_id","name")
);
--> statement-breakpoint
CREATE TABLE "image_post_tags" (
	"image_id" integer NOT NULL,
	"image_tag_id" integer NOT NULL,
	CONSTRAINT "image_post_tags_image_id_image_tag_id_pk" PRIMARY KEY("image_id","image_tag_id")
);
--> statement-breakpoint
CREATE TABLE "image_posts" (
	"image_id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "image_posts_image_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"agency_id" integer,
	"image_subcategory_id" integer NOT NULL,
	"media_type" text DEFAULT 'IMAGE' NOT NULL,
	"post_shape" text DEFAULT 'SQUARE' NOT NULL,
	"media_kind" text DEFAULT 'SQUARE_IMAGE' NOT NULL,
	"url" text NOT NULL,
	"low_quality_url" text,
	"post_date" date,
	"is_agency_exclusive" boolean DEFAULT false NOT NULL,
	"placement" text DEFAULT 'COMMON' NOT NULL,
	"created_by_franchisee_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "image_subcategories" (
	"image_subcategory_id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "image_subcategories_image_subcategory_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"image_category_id" integer NOT NULL,
	"agency_id" integer,
	"name" text NOT NULL,
	"description" text,
	"thumbnail_url" text,
	"event_date" date,
	"show_on_home" boolean DEFAULT false NOT NULL,
	"sort_order" integer DEFAULT 0 NOT NULL,
	"is_active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "image_subcategories_category_name_uq" UNIQUE("image_category_id","name")
);
--> statement-breakpoint
CREATE TABLE "image_tags" (
	"image_tag_id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "image_tags_image_tag_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"agency_id" integer,
	"name" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "image_tags_agency_name_uq" UNIQUE NULLS NOT DISTINCT("agency_id","name")
);
--> statement-breakpoint
CREATE TABLE "link_categories" (
	"link_category_id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "link_categories_link_category_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"agency_id" integer,
	"name" text NOT NULL,
	"sort_order" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "link_categories_agency_name_uq" UNIQUE NULLS NOT DISTINCT("agency_id","name")
);
--> statement-breakpoint
CREATE TABLE "link_types" (
	"link_type_id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "link_types_link_type_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"link_category_id" integer NOT NULL,
	"agency_id" integer,
	"name" text NOT NULL,
	"icon_url" text,
	"field_type" text DEFAULT 'url' NOT NULL,
	"url_prefix" text,
	"placeholder" text,
	"sort_order" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "pdf_card_payments" (
	"record_no" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "pdf_card_payments_record_no_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"agency_id" integer NOT NULL,
	"business_id" integer,
	"pdf_card_no" integer,
	"plan_id" integer,
	"amount" integer NOT NULL,
	"currency" text DEFAULT 'INR' NOT NULL,
	"through_gateway" boolean DEFAULT false NOT NULL,
	"is_manual_update" boolean DEFAULT false NOT NULL,
	"razorpay_order_id" text,
	"razorpay_payment_id" text,
	"status" text DEFAULT 'created' NOT NULL,
	"failure_reason" text,
	"paid_at" timestamp with time zone,
	"recorded_by_franchisee_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "pdf_card_payments_razorpay_order_uq" UNIQUE("razorpay_order_id"),
	CONSTRAINT "pdf_card_payments_razorpay_payment_uq" UNIQUE("razorpay_payment_id")
);
--> statement-breakpoint
CREATE TABLE "pdf_cards" (
	"pdf_card_no" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "pdf_cards_pdf_card_no_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"agency_id" integer NOT NULL,
	"business_id" integer NOT NULL,
	"company_name" text NOT NULL,
	"registered_phone_number" text NOT NULL,
	"mails" text[] DEFAULT '{}'::text[] NOT NULL,
	"template_code" text NOT NULL,
	"status" text DEFAULT 'active' NOT NULL,
	"details" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"is_paid" boolean DEFAULT false NOT NULL,
	"export_count" integer DEFAULT 0 NOT NULL,
	"last_exported_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "ui_customisations" (
	"ui_customisation_id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "ui_customisations_ui_customisation_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"agency_id" integer,
	"meta_id" text NOT NULL,
	"placement" text DEFAULT 'COMMON' NOT NULL,
	"styles" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "ui_customisations_agency_meta_placement_uq" UNIQUE NULLS NOT DISTINCT("agency_id","meta_id","placement")
);
--> statement-breakpoint
CREATE TABLE "user_video_payments" (
	"record_no" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "user_video_payments_record_no_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"agency_id" integer NOT NULL,
	"business_id" integer,
	"video_no" integer,
	"amount" integer NOT NULL,
	"currency" text DEFAULT 'INR' NOT NULL,
	"through_gateway" boolean DEFAULT false NOT NULL,
	"is_manual_update" boolean DEFAULT false NOT NULL,
	"razorpay_order_id" text,
	"razorpay_payment_id" text,
	"status" text DEFAULT 'created' NOT NULL,
	"failure_reason" text,
	"paid_at" timestamp with time zone,
	"recorded_by_franchisee_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "user_video_payments_razorpay_order_uq" UNIQUE("razorpay_order_id"),
	CONSTRAINT "user_video_payments_razorpay_payment_uq" UNIQUE("razorpay_payment_id")
);
--> statement-breakpoint
CREATE TABLE "user_videos" (
	"video_no" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "user_videos_video_no_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"agency_id" integer NOT NULL,
	"business_id" integer NOT NULL,
	"template_id" integer,
	"status" text DEFAULT 'pending' NOT NULL,
	"details" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"output_url" text,
	"is_paid" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "video_templates" (
	"template_id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "video_templates_template_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"agency_id" integer,
	"name" text NOT NULL,
	"description" text,
	"preview_url" text NOT NULL,
	"thumbnail_url" text,
	"duration_seconds" integer,
	"fields" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"popularity" integer DEFAULT 0 NOT NULL,
	"is_active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "admin_notifications" ADD CONSTRAINT "admin_notifications_agency_id_agencies_id_fk" FOREIGN KEY ("agency_id") REFERENCES "public"."agencies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "admin_notifications" ADD CONSTRAINT "admin_notifications_franchisee_id_franchisees_id_fk" FOREIGN KEY ("franchisee_id") REFERENCES "public"."franchisees"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "analytics_events" ADD CONSTRAINT "analytics_events_agency_id_agencies_id_fk" FOREIGN KEY ("agency_id") REFERENCES "public"."agencies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "analytics_events" ADD CONSTRAINT "analytics_events_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "analytics_events" ADD CONSTRAINT "analytics_events_franchisee_id_franchisees_id_fk" FOREIGN KEY ("franchisee_id") REFERENCES "public"."franchisees"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "client_logs" ADD CONSTRAINT "client_logs_agency_id_agencies_id_fk" FOREIGN KEY ("agency_id") REFERENCES "public"."agencies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "franchisees" ADD CONSTRAINT "franchisees_agency_id_agencies_id_fk" FOREIGN KEY ("agency_id") REFERENCES "public"."agencies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "otp_challenges" ADD CONSTRAINT "otp_challenges_agency_id_agencies_id_fk" FOREIGN KEY ("agency_id") REFERENCES "public"."agencies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sessions" ADD CONSTRAINT "sessions_agency_id_agencies_id_fk" FOREIGN KEY ("agency_id") REFERENCES "public"."agencies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sessions" ADD CONSTRAINT "sessions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sessions" ADD CONSTRAINT "sessions_franchisee_id_franchisees_id_fk" FOREIGN KEY ("franchisee_id") REFERENCES "public"."franchisees"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_agency_id_agencies_id_fk" FOREIGN KEY ("agency_id") REFERENCES "public"."agencies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "businesses" ADD CONSTRAINT "businesses_agency_id_agencies_id_fk" FOREIGN KEY ("agency_id") REFERENCES "public"."agencies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "businesses" ADD CONSTRAINT "businesses_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "businesses" ADD CONSTRAINT "businesses_made_by_franchisee_id_franchisees_id_fk" FOREIGN KEY ("made_by_franchisee_id") REFERENCES "public"."franchisees"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "businesses" ADD CONSTRAINT "businesses_image_subcategory_fk" FOREIGN KEY ("image_subcategory_id") REFERENCES "public"."image_subcategories"("image_subcategory_id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "businesses" ADD CONSTRAINT "businesses_subscription_plan_fk" FOREIGN KEY ("subscription_plan_id") REFERENCES "public"."subscription_plans"("subscription_plan_id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cards" ADD CONSTRAINT "cards_agency_id_agencies_id_fk" FOREIGN KEY ("agency_id") REFERENCES "public"."agencies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cards" ADD CONSTRAINT "cards_business_id_businesses_business_id_fk" FOREIGN KEY ("business_id") REFERENCES "public"."businesses"("business_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "documents" ADD CONSTRAINT "documents_agency_id_agencies_id_fk" FOREIGN KEY ("agency_id") REFERENCES "public"."agencies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "documents" ADD CONSTRAINT "documents_owner_user_id_users_id_fk" FOREIGN KEY ("owner_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "documents" ADD CONSTRAINT "documents_owner_franchisee_id_franchisees_id_fk" FOREIGN KEY ("owner_franchisee_id") REFERENCES "public"."franchisees"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "feedback" ADD CONSTRAINT "feedback_agency_id_agencies_id_fk" FOREIGN KEY ("agency_id") REFERENCES "public"."agencies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "feedback" ADD CONSTRAINT "feedback_business_id_businesses_business_id_fk" FOREIGN KEY ("business_id") REFERENCES "public"."businesses"("business_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "feedback" ADD CONSTRAINT "feedback_card_no_cards_card_no_fk" FOREIGN KEY ("card_no") REFERENCES "public"."cards"("card_no") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "agency_image_payments" ADD CONSTRAINT "agency_image_payments_agency_id_agencies_id_fk" FOREIGN KEY ("agency_id") REFERENCES "public"."agencies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "agency_image_payments" ADD CONSTRAINT "agency_image_payments_recorded_by_fk" FOREIGN KEY ("recorded_by_franchisee_id") REFERENCES "public"."franchisees"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "agency_pdf_card_payment_configs" ADD CONSTRAINT "agency_pdf_card_payment_configs_agency_id_agencies_id_fk" FOREIGN KEY ("agency_id") REFERENCES "public"."agencies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "annual_payments" ADD CONSTRAINT "annual_payments_agency_id_agencies_id_fk" FOREIGN KEY ("agency_id") REFERENCES "public"."agencies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "annual_payments" ADD CONSTRAINT "annual_payments_recorded_by_franchisee_id_franchisees_id_fk" FOREIGN KEY ("recorded_by_franchisee_id") REFERENCES "public"."franchisees"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "card_payments" ADD CONSTRAINT "card_payments_agency_id_agencies_id_fk" FOREIGN KEY ("agency_id") REFERENCES "public"."agencies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "card_payments" ADD CONSTRAINT "card_payments_business_id_businesses_business_id_fk" FOREIGN KEY ("business_id") REFERENCES "public"."businesses"("business_id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "card_payments" ADD CONSTRAINT "card_payments_recorded_by_franchisee_id_franchisees_id_fk" FOREIGN KEY ("recorded_by_franchisee_id") REFERENCES "public"."franchisees"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "card_payments" ADD CONSTRAINT "card_payments_subscription_plan_fk" FOREIGN KEY ("subscription_plan_id") REFERENCES "public"."subscription_plans"("subscription_plan_id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "month_bill_items" ADD CONSTRAINT "month_bill_items_agency_id_agencies_id_fk" FOREIGN KEY ("agency_id") REFERENCES "public"."agencies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "month_bill_items" ADD CONSTRAINT "month_bill_items_month_payment_id_month_payments_id_fk" FOREIGN KEY ("month_payment_id") REFERENCES "public"."month_payments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "month_bill_items" ADD CONSTRAINT "month_bill_items_card_no_cards_card_no_fk" FOREIGN KEY ("card_no") REFERENCES "public"."cards"("card_no") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "month_payments" ADD CONSTRAINT "month_payments_agency_id_agencies_id_fk" FOREIGN KEY ("agency_id") REFERENCES "public"."agencies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "month_payments" ADD CONSTRAINT "month_payments_recorded_by_franchisee_id_franchisees_id_fk" FOREIGN KEY ("recorded_by_franchisee_id") REFERENCES "public"."franchisees"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "razorpay_webhook_events" ADD CONSTRAINT "razorpay_webhook_events_agency_id_agencies_id_fk" FOREIGN KEY ("agency_id") REFERENCES "public"."agencies"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "subscription_plans" ADD CONSTRAINT "subscription_plans_agency_id_agencies_id_fk" FOREIGN KEY ("agency_id") REFERENCES "public"."agencies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "subscription_plans" ADD CONSTRAINT "subscription_plans_business_id_businesses_business_id_fk" FOREIGN KEY ("business_id") REFERENCES "public"."businesses"("business_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "category_static_pages" ADD CONSTRAINT "category_static_pages_agency_id_agencies_id_fk" FOREIGN KEY ("agency_id") REFERENCES "public"."agencies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "category_static_pages" ADD CONSTRAINT "category_static_pages_image_subcategory_fk" FOREIGN KEY ("image_subcategory_id") REFERENCES "public"."image_subcategories"("image_subcategory_id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "image_categories" ADD CONSTRAINT "image_categories_agency_id_agencies_id_fk" FOREIGN KEY ("agency_id") REFERENCES "public"."agencies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "image_post_tags" ADD CONSTRAINT "image_post_tags_image_id_image_posts_image_id_fk" FOREIGN KEY ("image_id") REFERENCES "public"."image_posts"("image_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "image_post_tags" ADD CONSTRAINT "image_post_tags_image_tag_id_image_tags_image_tag_id_fk" FOREIGN KEY ("image_tag_id") REFERENCES "public"."image_tags"("image_tag_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "image_posts" ADD CONSTRAINT "image_posts_agency_id_agencies_id_fk" FOREIGN KEY ("agency_id") REFERENCES "public"."agencies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "image_posts" ADD CONSTRAINT "image_posts_created_by_franchisee_id_franchisees_id_fk" FOREIGN KEY ("created_by_franchisee_id") REFERENCES "public"."franchisees"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "image_posts" ADD CONSTRAINT "image_posts_image_subcategory_fk" FOREIGN KEY ("image_subcategory_id") REFERENCES "public"."image_subcategories"("image_subcategory_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "image_subcategories" ADD CONSTRAINT "image_subcategories_agency_id_agencies_id_fk" FOREIGN KEY ("agency_id") REFERENCES "public"."agencies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "image_subcategories" ADD CONSTRAINT "image_subcategories_category_fk" FOREIGN KEY ("image_category_id") REFERENCES "public"."image_categories"("image_category_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "image_tags" ADD CONSTRAINT "image_tags_agency_id_agencies_id_fk" FOREIGN KEY ("agency_id") REFERENCES "public"."agencies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "link_categories" ADD CONSTRAINT "link_categories_agency_id_agencies_id_fk" FOREIGN KEY ("agency_id") REFERENCES "public"."agencies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "link_types" ADD CONSTRAINT "link_types_link_category_id_link_categories_link_category_id_fk" FOREIGN KEY ("link_category_id") REFERENCES "public"."link_categories"("link_category_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "link_types" ADD CONSTRAINT "link_types_agency_id_agencies_id_fk" FOREIGN KEY ("agency_id") REFERENCES "public"."agencies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pdf_card_payments" ADD CONSTRAINT "pdf_card_payments_agency_id_agencies_id_fk" FOREIGN KEY ("agency_id") REFERENCES "public"."agencies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pdf_card_payments" ADD CONSTRAINT "pdf_card_payments_business_id_businesses_business_id_fk" FOREIGN KEY ("business_id") REFERENCES "public"."businesses"("business_id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pdf_card_payments" ADD CONSTRAINT "pdf_card_payments_pdf_card_no_pdf_cards_pdf_card_no_fk" FOREIGN KEY ("pdf_card_no") REFERENCES "public"."pdf_cards"("pdf_card_no") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pdf_card_payments" ADD CONSTRAINT "pdf_card_payments_recorded_by_franchisee_id_franchisees_id_fk" FOREIGN KEY ("recorded_by_franchisee_id") REFERENCES "public"."franchisees"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pdf_cards" ADD CONSTRAINT "pdf_cards_agency_id_agencies_id_fk" FOREIGN KEY ("agency_id") REFERENCES "public"."agencies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pdf_cards" ADD CONSTRAINT "pdf_cards_business_id_businesses_business_id_fk" FOREIGN KEY ("business_id") REFERENCES "public"."businesses"("business_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ui_customisations" ADD CONSTRAINT "ui_customisations_agency_id_agencies_id_fk" FOREIGN KEY ("agency_id") REFERENCES "public"."agencies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_video_payments" ADD CONSTRAINT "user_video_payments_agency_id_agencies_id_fk" FOREIGN KEY ("agency_id") REFERENCES "public"."agencies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_video_payments" ADD CONSTRAINT "user_video_payments_business_id_businesses_business_id_fk" FOREIGN KEY ("business_id") REFERENCES "public"."businesses"("business_id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_video_payments" ADD CONSTRAINT "user_video_payments_video_no_user_videos_video_no_fk" FOREIGN KEY ("video_no") REFERENCES "public"."user_videos"("video_no") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_video_payments" ADD CONSTRAINT "user_video_payments_recorded_by_franchisee_id_franchisees_id_fk" FOREIGN KEY ("recorded_by_franchisee_id") REFERENCES "public"."franchisees"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_videos" ADD CONSTRAINT "user_videos_agency_id_agencies_id_fk" FOREIGN KEY ("agency_id") REFERENCES "public"."agencies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_videos" ADD CONSTRAINT "user_videos_business_id_businesses_business_id_fk" FOREIGN KEY ("business_id") REFERENCES "public"."businesses"("business_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_videos" ADD CONSTRAINT "user_videos_template_id_video_templates_template_id_fk" FOREIGN KEY ("template_id") REFERENCES "public"."video_templates"("template_id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "video_templates" ADD CONSTRAINT "video_templates_agency_id_agencies_id_fk" FOREIGN KEY ("agency_id") REFERENCES "public"."agencies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "admin_notifications_agency_idx" ON "admin_notifications" USING btree ("agency_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "agencies_host_uq" ON "agencies" USING btree ("host");--> statement-breakpoint
CREATE INDEX "analytics_events_agency_created_idx" ON "analytics_events" USING btree ("agency_id","created_at");--> statement-breakpoint
CREATE INDEX "analytics_events_name_idx" ON "analytics_events" USING btree ("agency_id","log_event_name");--> statement-breakpoint
CREATE INDEX "client_logs_created_idx" ON "client_logs" USING btree ("created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "franchisees_agency_phone_uq" ON "franchisees" USING btree ("agency_id","phone_number");--> statement-breakpoint
CREATE INDEX "franchisees_agency_name_idx" ON "franchisees" USING btree ("agency_id","name");--> statement-breakpoint
CREATE INDEX "otp_challenges_expires_idx" ON "otp_challenges" USING btree ("expires_at");--> statement-breakpoint
CREATE INDEX "sessions_user_idx" ON "sessions" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "sessions_franchisee_idx" ON "sessions" USING btree ("franchisee_id");--> statement-breakpoint
CREATE INDEX "sessions_expires_idx" ON "sessions" USING btree ("expires_at");--> statement-breakpoint
CREATE UNIQUE INDEX "users_agency_phone_uq" ON "users" USING btree ("agency_id","phone_number");--> statement-breakpoint
CREATE UNIQUE INDEX "users_agency_email_uq" ON "users" USING btree ("agency_id","email");--> statement-breakpoint
CREATE INDEX "businesses_agency_created_idx" ON "businesses" USING btree ("agency_id","created_at");--> statement-breakpoint
CREATE INDEX "businesses_agency_name_idx" ON "businesses" USING btree ("agency_id","business_name");--> statement-breakpoint
CREATE INDEX "businesses_agency_phone_idx" ON "businesses" USING btree ("agency_id","phone_number");--> statement-breakpoint
CREATE INDEX "businesses_agency_expiry_idx" ON "businesses" USING btree ("agency_id","expiry_date_for_customer");--> statement-breakpoint
CREATE INDEX "businesses_user_idx" ON "businesses" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "businesses_made_by_franchisee_idx" ON "businesses" USING btree ("made_by_franchisee_id");--> statement-breakpoint
CREATE UNIQUE INDEX "cards_business_uq" ON "cards" USING btree ("business_id");--> statement-breakpoint
CREATE UNIQUE INDEX "cards_agency_card_id_uq" ON "cards" USING btree ("agency_id","card_id");--> statement-breakpoint
CREATE INDEX "cards_agency_status_idx" ON "cards" USING btree ("agency_id","status");--> statement-breakpoint
CREATE INDEX "cards_agency_created_idx" ON "cards" USING btree ("agency_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "documents_storage_key_uq" ON "documents" USING btree ("storage_key");--> statement-breakpoint
CREATE INDEX "documents_agency_hierarchy_idx" ON "documents" USING btree ("agency_id","hierarchy1","hierarchy2");--> statement-breakpoint
CREATE INDEX "feedback_business_created_idx" ON "feedback" USING btree ("business_id","created_at");--> statement-breakpoint
CREATE INDEX "feedback_agency_created_idx" ON "feedback" USING btree ("agency_id","created_at");--> statement-breakpoint
CREATE INDEX "agency_image_payments_agency_idx" ON "agency_image_payments" USING btree ("agency_id","created_at");--> statement-breakpoint
CREATE INDEX "annual_payments_agency_idx" ON "annual_payments" USING btree ("agency_id","year");--> statement-breakpoint
CREATE INDEX "card_payments_business_created_idx" ON "card_payments" USING btree ("business_id","created_at");--> statement-breakpoint
CREATE INDEX "card_payments_agency_created_idx" ON "card_payments" USING btree ("agency_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "month_bill_items_bill_card_uq" ON "month_bill_items" USING btree ("month_payment_id","card_no");--> statement-breakpoint
CREATE INDEX "month_bill_items_card_idx" ON "month_bill_items" USING btree ("card_no");--> statement-breakpoint
CREATE INDEX "subscription_plans_agency_idx" ON "subscription_plans" USING btree ("agency_id","is_active","sort_order");--> statement-breakpoint
CREATE INDEX "subscription_plans_business_idx" ON "subscription_plans" USING btree ("business_id");--> statement-breakpoint
CREATE INDEX "image_post_tags_tag_idx" ON "image_post_tags" USING btree ("image_tag_id");--> statement-breakpoint
CREATE INDEX "image_posts_subcategory_date_idx" ON "image_posts" USING btree ("image_subcategory_id","post_date");--> statement-breakpoint
CREATE INDEX "image_posts_agency_created_idx" ON "image_posts" USING btree ("agency_id","created_at");--> statement-breakpoint
CREATE INDEX "image_posts_post_date_idx" ON "image_posts" USING btree ("post_date");--> statement-breakpoint
CREATE INDEX "image_subcategories_event_date_idx" ON "image_subcategories" USING btree ("event_date");--> statement-breakpoint
CREATE INDEX "image_subcategories_name_idx" ON "image_subcategories" USING btree ("name");--> statement-breakpoint
CREATE INDEX "link_types_category_idx" ON "link_types" USING btree ("link_category_id","sort_order");--> statement-breakpoint
CREATE INDEX "pdf_card_payments_business_idx" ON "pdf_card_payments" USING btree ("business_id","created_at");--> statement-breakpoint
CREATE INDEX "pdf_card_payments_agency_idx" ON "pdf_card_payments" USING btree ("agency_id","created_at");--> statement-breakpoint
CREATE INDEX "pdf_cards_agency_created_idx" ON "pdf_cards" USING btree ("agency_id","created_at");--> statement-breakpoint
CREATE INDEX "pdf_cards_agency_company_idx" ON "pdf_cards" USING btree ("agency_id","company_name");--> statement-breakpoint
CREATE INDEX "pdf_cards_agency_phone_idx" ON "pdf_cards" USING btree ("agency_id","registered_phone_number");--> statement-breakpoint
CREATE INDEX "pdf_cards_agency_template_idx" ON "pdf_cards" USING btree ("agency_id","template_code");--> statement-breakpoint
CREATE INDEX "pdf_cards_business_idx" ON "pdf_cards" USING btree ("business_id");--> statement-breakpoint
CREATE INDEX "user_video_payments_business_idx" ON "user_video_payments" USING btree ("business_id","created_at");--> statement-breakpoint
CREATE INDEX "user_video_payments_agency_idx" ON "user_video_payments" USING btree ("agency_id","created_at");--> statement-breakpoint
CREATE INDEX "user_videos_agency_created_idx" ON "user_videos" USING btree ("agency_id","created_at");--> statement-breakpoint
CREATE INDEX "user_videos_business_idx" ON "user_videos" USING btree ("business_id");--> statement-breakpoint
CREATE INDEX "video_templates_popularity_idx" ON "video_templates" USING btree ("popularity");