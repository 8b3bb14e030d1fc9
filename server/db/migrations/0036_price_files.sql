CREATE TABLE "company_unit_prices" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"company_id" uuid NOT NULL,
	"designation" text NOT NULL,
	"unit" text DEFAULT '' NOT NULL,
	"label" text NOT NULL,
	"unit_price" double precision NOT NULL,
	"file_name" text NOT NULL,
	"exported_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "price_files" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"tender_id" uuid NOT NULL,
	"company_id" uuid NOT NULL,
	"document_id" uuid NOT NULL,
	"entry" text DEFAULT '' NOT NULL,
	"file_name" text NOT NULL,
	"sha256" text NOT NULL,
	"read" jsonb NOT NULL,
	"prices" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"updated_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "company_unit_prices" ADD CONSTRAINT "company_unit_prices_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "price_files" ADD CONSTRAINT "price_files_tender_id_tenders_id_fk" FOREIGN KEY ("tender_id") REFERENCES "public"."tenders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "price_files" ADD CONSTRAINT "price_files_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "price_files" ADD CONSTRAINT "price_files_document_id_tender_documents_id_fk" FOREIGN KEY ("document_id") REFERENCES "public"."tender_documents"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "price_files" ADD CONSTRAINT "price_files_updated_by_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "company_unit_prices_key_idx" ON "company_unit_prices" USING btree ("company_id","designation","unit");--> statement-breakpoint
CREATE UNIQUE INDEX "price_files_document_idx" ON "price_files" USING btree ("document_id","entry");--> statement-breakpoint
CREATE INDEX "price_files_tender_idx" ON "price_files" USING btree ("tender_id");