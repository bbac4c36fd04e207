CREATE TABLE "billing_audit" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "billing_audit_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"agency_id" integer NOT NULL,
	"actor_franchisee_id" integer,
	"actor_name" text NOT NULL,
	"action" text NOT NULL,
	"subject" text NOT NULL,
	"before" jsonb,
	"after" jsonb,
	"reason" text,
	"at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "month_bill_payments" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "month_bill_payments_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"agency_id" integer NOT NULL,
	"month_payment_id" integer NOT NULL,
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
	"note" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "month_bill_payments_razorpay_order_uq" UNIQUE("razorpay_order_id"),
	CONSTRAINT "month_bill_payments_razorpay_payment_uq" UNIQUE("razorpay_payment_id")
);
--> statement-breakpoint
ALTER TABLE "month_payments" DROP CONSTRAINT "month_payments_razorpay_order_uq";--> statement-breakpoint
ALTER TABLE "month_payments" DROP CONSTRAINT "month_payments_razorpay_payment_uq";--> statement-breakpoint
ALTER TABLE "month_bill_items" DROP CONSTRAINT "month_bill_items_agency_id_agencies_id_fk";
--> statement-breakpoint
ALTER TABLE "month_bill_items" DROP CONSTRAINT "month_bill_items_card_no_cards_card_no_fk";
--> statement-breakpoint
ALTER TABLE "month_payments" DROP CONSTRAINT "month_payments_recorded_by_franchisee_id_franchisees_id_fk";
--> statement-breakpoint
DROP INDEX "month_bill_items_bill_card_uq";--> statement-breakpoint
DROP INDEX "month_bill_items_card_idx";--> statement-breakpoint
ALTER TABLE "agency_image_payments" ADD COLUMN "note" text;--> statement-breakpoint
ALTER TABLE "month_bill_items" ADD COLUMN "business_id" integer;--> statement-breakpoint
ALTER TABLE "month_bill_items" ADD COLUMN "business_name" text;--> statement-breakpoint
ALTER TABLE "month_bill_items" ADD COLUMN "plan_name" text;--> statement-breakpoint
ALTER TABLE "month_bill_items" ADD COLUMN "card_payment_record_no" integer;--> statement-breakpoint
ALTER TABLE "month_bill_items" ADD COLUMN "customer_price" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "month_bill_items" ADD COLUMN "card_paid_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "month_bill_items" ADD COLUMN "moved_out_reason" text;--> statement-breakpoint
ALTER TABLE "month_payments" ADD COLUMN "per_card_price" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "month_payments" ADD COLUMN "subtotal" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "month_payments" ADD COLUMN "gst_percent" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "month_payments" ADD COLUMN "gst_amount" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "month_payments" ADD COLUMN "amount_paid" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "month_payments" ADD COLUMN "due_date" timestamp with time zone NOT NULL;--> statement-breakpoint
ALTER TABLE "billing_audit" ADD CONSTRAINT "billing_audit_agency_id_agencies_id_fk" FOREIGN KEY ("agency_id") REFERENCES "public"."agencies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "billing_audit" ADD CONSTRAINT "billing_audit_actor_franchisee_id_franchisees_id_fk" FOREIGN KEY ("actor_franchisee_id") REFERENCES "public"."franchisees"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "month_bill_payments" ADD CONSTRAINT "month_bill_payments_agency_id_agencies_id_fk" FOREIGN KEY ("agency_id") REFERENCES "public"."agencies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "month_bill_payments" ADD CONSTRAINT "month_bill_payments_month_payment_id_month_payments_id_fk" FOREIGN KEY ("month_payment_id") REFERENCES "public"."month_payments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "month_bill_payments" ADD CONSTRAINT "month_bill_payments_recorded_by_franchisee_id_franchisees_id_fk" FOREIGN KEY ("recorded_by_franchisee_id") REFERENCES "public"."franchisees"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "billing_audit_agency_idx" ON "billing_audit" USING btree ("agency_id","at");--> statement-breakpoint
CREATE INDEX "month_bill_payments_bill_idx" ON "month_bill_payments" USING btree ("month_payment_id");--> statement-breakpoint
CREATE INDEX "month_bill_payments_agency_idx" ON "month_bill_payments" USING btree ("agency_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "month_bill_items_bill_business_uq" ON "month_bill_items" USING btree ("month_payment_id","business_id");--> statement-breakpoint
CREATE INDEX "month_payments_period_idx" ON "month_payments" USING btree ("year","month");--> statement-breakpoint
ALTER TABLE "month_payments" DROP COLUMN "through_gateway";--> statement-breakpoint
ALTER TABLE "month_payments" DROP COLUMN "is_manual_update";--> statement-breakpoint
ALTER TABLE "month_payments" DROP COLUMN "razorpay_order_id";--> statement-breakpoint
ALTER TABLE "month_payments" DROP COLUMN "razorpay_payment_id";--> statement-breakpoint
ALTER TABLE "month_payments" DROP COLUMN "recorded_by_franchisee_id";--> statement-breakpoint
ALTER TABLE "month_payments" ADD CONSTRAINT "month_payments_amounts_ck" CHECK ("month_payments"."subtotal" >= 0 and "month_payments"."amount_paid" >= 0 and "month_payments"."outstanding" >= 0);