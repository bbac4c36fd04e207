CREATE TABLE "commission_lines" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "commission_lines_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"agency_id" integer NOT NULL,
	"franchisee_id" integer NOT NULL,
	"record_no" integer NOT NULL,
	"business_id" integer,
	"business_name" text,
	"plan_name" text,
	"kind" text NOT NULL,
	"payment_amount" integer NOT NULL,
	"basis" text NOT NULL,
	"rate" integer NOT NULL,
	"amount" integer NOT NULL,
	"month" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "commission_payouts" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "commission_payouts_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"agency_id" integer NOT NULL,
	"franchisee_id" integer NOT NULL,
	"month" text NOT NULL,
	"amount" integer NOT NULL,
	"reference" text,
	"paid_at" timestamp with time zone NOT NULL,
	"marked_by_franchisee_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "franchisee_commissions" (
	"franchisee_id" integer PRIMARY KEY NOT NULL,
	"agency_id" integer NOT NULL,
	"basis" text NOT NULL,
	"rate" integer NOT NULL,
	"updated_by_franchisee_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "franchisee_commissions_rate_ck" CHECK ("franchisee_commissions"."rate" >= 0 and ("franchisee_commissions"."basis" <> 'percent' or "franchisee_commissions"."rate" <= 10000))
);
--> statement-breakpoint
ALTER TABLE "commission_lines" ADD CONSTRAINT "commission_lines_agency_id_agencies_id_fk" FOREIGN KEY ("agency_id") REFERENCES "public"."agencies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "commission_lines" ADD CONSTRAINT "commission_lines_franchisee_id_franchisees_id_fk" FOREIGN KEY ("franchisee_id") REFERENCES "public"."franchisees"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "commission_lines" ADD CONSTRAINT "commission_lines_record_no_card_payments_record_no_fk" FOREIGN KEY ("record_no") REFERENCES "public"."card_payments"("record_no") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "commission_lines" ADD CONSTRAINT "commission_lines_business_id_businesses_business_id_fk" FOREIGN KEY ("business_id") REFERENCES "public"."businesses"("business_id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "commission_payouts" ADD CONSTRAINT "commission_payouts_agency_id_agencies_id_fk" FOREIGN KEY ("agency_id") REFERENCES "public"."agencies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "commission_payouts" ADD CONSTRAINT "commission_payouts_franchisee_id_franchisees_id_fk" FOREIGN KEY ("franchisee_id") REFERENCES "public"."franchisees"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "commission_payouts" ADD CONSTRAINT "commission_payouts_marked_by_franchisee_id_franchisees_id_fk" FOREIGN KEY ("marked_by_franchisee_id") REFERENCES "public"."franchisees"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "franchisee_commissions" ADD CONSTRAINT "franchisee_commissions_franchisee_id_franchisees_id_fk" FOREIGN KEY ("franchisee_id") REFERENCES "public"."franchisees"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "franchisee_commissions" ADD CONSTRAINT "franchisee_commissions_agency_id_agencies_id_fk" FOREIGN KEY ("agency_id") REFERENCES "public"."agencies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "franchisee_commissions" ADD CONSTRAINT "franchisee_commissions_updated_by_franchisee_id_franchisees_id_fk" FOREIGN KEY ("updated_by_franchisee_id") REFERENCES "public"."franchisees"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "commission_lines_earned_uq" ON "commission_lines" USING btree ("record_no") WHERE "commission_lines"."kind" <> 'reversal';--> statement-breakpoint
CREATE UNIQUE INDEX "commission_lines_reversal_uq" ON "commission_lines" USING btree ("record_no") WHERE "commission_lines"."kind" = 'reversal';--> statement-breakpoint
CREATE INDEX "commission_lines_franchisee_month_idx" ON "commission_lines" USING btree ("agency_id","franchisee_id","month");--> statement-breakpoint
CREATE UNIQUE INDEX "commission_payouts_month_uq" ON "commission_payouts" USING btree ("agency_id","franchisee_id","month");--> statement-breakpoint
CREATE INDEX "franchisee_commissions_agency_idx" ON "franchisee_commissions" USING btree ("agency_id");