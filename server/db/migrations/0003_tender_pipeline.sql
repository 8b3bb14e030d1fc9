CREATE TYPE "public"."company_document_kind" AS ENUM('kbis', 'urssaf', 'tax', 'insurance', 'certification', 'reference_letter', 'other');--> statement-breakpoint
CREATE TYPE "public"."match_status" AS ENUM('high', 'medium', 'low', 'none');--> statement-breakpoint
CREATE TYPE "public"."tender_procedure" AS ENUM('open', 'restricted', 'negotiated', 'competitive_dialogue', 'adapted', 'other');--> statement-breakpoint
CREATE TYPE "public"."tender_source" AS ENUM('manual', 'boamp', 'ted');--> statement-breakpoint
CREATE TYPE "public"."tender_status" AS ENUM('not_started', 'in_progress', 'pending', 'submitted', 'won', 'lost', 'non_compliant');--> statement-breakpoint
CREATE TABLE "company_documents" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"company_id" uuid NOT NULL,
	"kind" "company_document_kind" NOT NULL,
	"title" text NOT NULL,
	"issue_date" date,
	"valid_until" date,
	"file_name" text NOT NULL,
	"mime" text NOT NULL,
	"size" bigint NOT NULL,
	"sha256" text NOT NULL,
	"storage_key" text NOT NULL,
	"uploaded_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "dce_templates" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"name" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"documents" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "tender_call_lots" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"tender_call_id" uuid NOT NULL,
	"number" integer NOT NULL,
	"title" text NOT NULL,
	"estimated_amount" bigint
);
--> statement-breakpoint
CREATE TABLE "tender_calls" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"reference" text NOT NULL,
	"title" text NOT NULL,
	"buyer" text NOT NULL,
	"procedure" "tender_procedure" DEFAULT 'open' NOT NULL,
	"cpv_codes" text[] DEFAULT '{}'::text[] NOT NULL,
	"department" text,
	"region" text,
	"estimated_amount" bigint,
	"publication_date" date,
	"submission_deadline" timestamp with time zone NOT NULL,
	"questions_deadline" timestamp with time zone,
	"site_visit_date" timestamp with time zone,
	"site_visit_mandatory" boolean DEFAULT false NOT NULL,
	"notice_url" text DEFAULT '' NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"source" "tender_source" DEFAULT 'manual' NOT NULL,
	"dce_template_id" uuid,
	"search_vector" "tsvector" GENERATED ALWAYS AS (to_tsvector('french'::regconfig, translate(lower(replace(replace(reference || ' ' || title || ' ' || buyer || ' ' || description, 'œ', 'oe'), 'Œ', 'oe')), 'ÀÁÂÃÄÅàáâãäåÇçÈÉÊËèéêëÌÍÎÏìíîïÑñÒÓÔÕÖòóôõöÙÚÛÜùúûüÝŸýÿ', 'aaaaaaaaaaaacceeeeeeeeiiiiiiiinnoooooooooouuuuuuuuyyyy'))) STORED NOT NULL,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "tender_documents" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"tender_id" uuid NOT NULL,
	"company_id" uuid NOT NULL,
	"file_name" text NOT NULL,
	"mime" text NOT NULL,
	"size" bigint NOT NULL,
	"sha256" text NOT NULL,
	"storage_key" text NOT NULL,
	"entries" jsonb,
	"uploaded_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "tender_status_changes" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"tender_id" uuid NOT NULL,
	"from_status" "tender_status",
	"to_status" "tender_status" NOT NULL,
	"changed_by" uuid,
	"changed_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "tenders" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"tender_call_id" uuid NOT NULL,
	"company_id" uuid NOT NULL,
	"status" "tender_status" DEFAULT 'not_started' NOT NULL,
	"match_score" integer DEFAULT 0 NOT NULL,
	"match_status" "match_status" DEFAULT 'none' NOT NULL,
	"match_reasons" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"answered_lots" integer[] DEFAULT '{}'::integer[] NOT NULL,
	"response_step" integer DEFAULT 0 NOT NULL,
	"status_changed_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "companies" ADD COLUMN "amount_min" bigint;--> statement-breakpoint
ALTER TABLE "companies" ADD COLUMN "amount_max" bigint;--> statement-breakpoint
ALTER TABLE "company_documents" ADD CONSTRAINT "company_documents_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "company_documents" ADD CONSTRAINT "company_documents_uploaded_by_users_id_fk" FOREIGN KEY ("uploaded_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tender_call_lots" ADD CONSTRAINT "tender_call_lots_tender_call_id_tender_calls_id_fk" FOREIGN KEY ("tender_call_id") REFERENCES "public"."tender_calls"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tender_calls" ADD CONSTRAINT "tender_calls_dce_template_id_dce_templates_id_fk" FOREIGN KEY ("dce_template_id") REFERENCES "public"."dce_templates"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tender_calls" ADD CONSTRAINT "tender_calls_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tender_documents" ADD CONSTRAINT "tender_documents_tender_id_tenders_id_fk" FOREIGN KEY ("tender_id") REFERENCES "public"."tenders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tender_documents" ADD CONSTRAINT "tender_documents_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tender_documents" ADD CONSTRAINT "tender_documents_uploaded_by_users_id_fk" FOREIGN KEY ("uploaded_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tender_status_changes" ADD CONSTRAINT "tender_status_changes_tender_id_tenders_id_fk" FOREIGN KEY ("tender_id") REFERENCES "public"."tenders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tender_status_changes" ADD CONSTRAINT "tender_status_changes_changed_by_users_id_fk" FOREIGN KEY ("changed_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tenders" ADD CONSTRAINT "tenders_tender_call_id_tender_calls_id_fk" FOREIGN KEY ("tender_call_id") REFERENCES "public"."tender_calls"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tenders" ADD CONSTRAINT "tenders_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "company_documents_company_idx" ON "company_documents" USING btree ("company_id","valid_until");--> statement-breakpoint
CREATE UNIQUE INDEX "tender_call_lots_number_idx" ON "tender_call_lots" USING btree ("tender_call_id","number");--> statement-breakpoint
CREATE UNIQUE INDEX "tender_calls_reference_idx" ON "tender_calls" USING btree ("source","reference");--> statement-breakpoint
CREATE INDEX "tender_calls_deadline_idx" ON "tender_calls" USING btree ("submission_deadline");--> statement-breakpoint
CREATE INDEX "tender_calls_search_idx" ON "tender_calls" USING gin ("search_vector");--> statement-breakpoint
CREATE INDEX "tender_documents_tender_idx" ON "tender_documents" USING btree ("tender_id","created_at");--> statement-breakpoint
CREATE INDEX "tender_status_changes_tender_idx" ON "tender_status_changes" USING btree ("tender_id","changed_at");--> statement-breakpoint
CREATE UNIQUE INDEX "tenders_company_call_idx" ON "tenders" USING btree ("company_id","tender_call_id");--> statement-breakpoint
CREATE INDEX "tenders_company_created_idx" ON "tenders" USING btree ("company_id","created_at");--> statement-breakpoint
CREATE INDEX "tenders_call_idx" ON "tenders" USING btree ("tender_call_id");