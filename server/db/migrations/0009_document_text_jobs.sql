CREATE TYPE "public"."job_status" AS ENUM('queued', 'running', 'done', 'failed');--> statement-breakpoint
CREATE TABLE "document_pages" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"document_id" uuid NOT NULL,
	"tender_id" uuid NOT NULL,
	"entry" text DEFAULT '' NOT NULL,
	"page" integer NOT NULL,
	"text" text NOT NULL,
	"body" text NOT NULL,
	"ocr" text DEFAULT 'none' NOT NULL,
	"search_vector" "tsvector" GENERATED ALWAYS AS (to_tsvector('french'::regconfig, translate(lower(replace(replace(body, 'œ', 'oe'), 'Œ', 'oe')), 'ÀÁÂÃÄÅàáâãäåÇçÈÉÊËèéêëÌÍÎÏìíîïÑñÒÓÔÕÖòóôõöÙÚÛÜùúûüÝŸýÿ', 'aaaaaaaaaaaacceeeeeeeeiiiiiiiinnoooooooooouuuuuuuuyyyy'))) STORED NOT NULL
);
--> statement-breakpoint
CREATE TABLE "jobs" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"kind" text NOT NULL,
	"payload" jsonb NOT NULL,
	"status" "job_status" DEFAULT 'queued' NOT NULL,
	"progress" integer DEFAULT 0 NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"max_attempts" integer DEFAULT 3 NOT NULL,
	"run_after" timestamp with time zone DEFAULT now() NOT NULL,
	"lease_until" timestamp with time zone,
	"error" text,
	"finished_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "tender_documents" ADD COLUMN "extraction_job_id" uuid;--> statement-breakpoint
ALTER TABLE "tender_documents" ADD COLUMN "extraction" jsonb;--> statement-breakpoint
ALTER TABLE "document_pages" ADD CONSTRAINT "document_pages_document_id_tender_documents_id_fk" FOREIGN KEY ("document_id") REFERENCES "public"."tender_documents"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "document_pages" ADD CONSTRAINT "document_pages_tender_id_tenders_id_fk" FOREIGN KEY ("tender_id") REFERENCES "public"."tenders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "document_pages_page_idx" ON "document_pages" USING btree ("document_id","entry","page");--> statement-breakpoint
CREATE INDEX "document_pages_tender_idx" ON "document_pages" USING btree ("tender_id");--> statement-breakpoint
CREATE INDEX "document_pages_search_idx" ON "document_pages" USING gin ("search_vector");--> statement-breakpoint
CREATE INDEX "jobs_claim_idx" ON "jobs" USING btree ("status","run_after");--> statement-breakpoint
ALTER TABLE "tender_documents" ADD CONSTRAINT "tender_documents_extraction_job_id_jobs_id_fk" FOREIGN KEY ("extraction_job_id") REFERENCES "public"."jobs"("id") ON DELETE set null ON UPDATE no action;