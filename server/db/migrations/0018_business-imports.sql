CREATE TABLE "business_import_rows" (
	"import_id" integer NOT NULL,
	"row_no" integer NOT NULL,
	"agency_id" integer NOT NULL,
	"owner_phone" text NOT NULL,
	"business_name" text NOT NULL,
	"category" text,
	"address" text,
	"contact_person" text,
	"error" text,
	"outcome" text,
	"business_id" integer,
	"user_id" integer,
	"invited_at" timestamp with time zone,
	CONSTRAINT "business_import_rows_pk" UNIQUE("import_id","row_no")
);
--> statement-breakpoint
CREATE TABLE "business_imports" (
	"import_id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "business_imports_import_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"agency_id" integer NOT NULL,
	"franchisee_id" integer NOT NULL,
	"file_name" text NOT NULL,
	"file_sha256" text NOT NULL,
	"status" text DEFAULT 'previewed' NOT NULL,
	"total_rows" integer NOT NULL,
	"valid_rows" integer NOT NULL,
	"processed_rows" integer DEFAULT 0 NOT NULL,
	"created_count" integer DEFAULT 0 NOT NULL,
	"existing_count" integer DEFAULT 0 NOT NULL,
	"failure" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"started_at" timestamp with time zone,
	"finished_at" timestamp with time zone,
	CONSTRAINT "business_imports_agency_file_uq" UNIQUE("agency_id","file_sha256")
);
--> statement-breakpoint
ALTER TABLE "business_import_rows" ADD CONSTRAINT "business_import_rows_import_id_business_imports_import_id_fk" FOREIGN KEY ("import_id") REFERENCES "public"."business_imports"("import_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "business_import_rows" ADD CONSTRAINT "business_import_rows_agency_id_agencies_id_fk" FOREIGN KEY ("agency_id") REFERENCES "public"."agencies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "business_import_rows" ADD CONSTRAINT "business_import_rows_business_id_businesses_business_id_fk" FOREIGN KEY ("business_id") REFERENCES "public"."businesses"("business_id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "business_import_rows" ADD CONSTRAINT "business_import_rows_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "business_imports" ADD CONSTRAINT "business_imports_agency_id_agencies_id_fk" FOREIGN KEY ("agency_id") REFERENCES "public"."agencies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "business_imports" ADD CONSTRAINT "business_imports_franchisee_id_franchisees_id_fk" FOREIGN KEY ("franchisee_id") REFERENCES "public"."franchisees"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "business_import_rows_agency_idx" ON "business_import_rows" USING btree ("agency_id");--> statement-breakpoint
CREATE INDEX "business_import_rows_user_idx" ON "business_import_rows" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "business_imports_agency_idx" ON "business_imports" USING btree ("agency_id","created_at");