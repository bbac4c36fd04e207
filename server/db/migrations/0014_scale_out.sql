CREATE TABLE "job_heartbeats" (
	"job_id" text PRIMARY KEY NOT NULL,
	"job_name" text NOT NULL,
	"beat_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "test_gateway_entities" (
	"id" text PRIMARY KEY NOT NULL,
	"entity" text NOT NULL,
	"order_id" text,
	"data" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE INDEX "test_gateway_entities_order_idx" ON "test_gateway_entities" USING btree ("order_id");