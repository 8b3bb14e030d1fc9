CREATE TYPE "public"."cctp_requirement_kind" AS ENUM('obligation', 'performance', 'norm', 'deliverable', 'training', 'warranty', 'other');--> statement-breakpoint
CREATE TYPE "public"."cctp_requirement_status" AS ENUM('todo', 'covered', 'not_applicable');--> statement-breakpoint
CREATE TABLE "cctp_analyses" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"tender_id" uuid NOT NULL,
	"job_id" uuid,
	"documents" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"created_by" uuid,
	"finished_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "cctp_requirements" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"analysis_id" uuid NOT NULL,
	"position" integer NOT NULL,
	"document_id" uuid NOT NULL,
	"entry" text,
	"file_name" text NOT NULL,
	"page" integer NOT NULL,
	"section_number" text DEFAULT '' NOT NULL,
	"section_title" text DEFAULT '' NOT NULL,
	"text" text NOT NULL,
	"kind" "cctp_requirement_kind" NOT NULL,
	"norms" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"status" "cctp_requirement_status" DEFAULT 'todo' NOT NULL,
	"assignee_id" uuid,
	"note" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "cctp_analyses" ADD CONSTRAINT "cctp_analyses_tender_id_tenders_id_fk" FOREIGN KEY ("tender_id") REFERENCES "public"."tenders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cctp_analyses" ADD CONSTRAINT "cctp_analyses_job_id_jobs_id_fk" FOREIGN KEY ("job_id") REFERENCES "public"."jobs"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cctp_analyses" ADD CONSTRAINT "cctp_analyses_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cctp_requirements" ADD CONSTRAINT "cctp_requirements_analysis_id_cctp_analyses_id_fk" FOREIGN KEY ("analysis_id") REFERENCES "public"."cctp_analyses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cctp_requirements" ADD CONSTRAINT "cctp_requirements_assignee_id_users_id_fk" FOREIGN KEY ("assignee_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "cctp_analyses_tender_idx" ON "cctp_analyses" USING btree ("tender_id","created_at");--> statement-breakpoint
CREATE INDEX "cctp_requirements_analysis_idx" ON "cctp_requirements" USING btree ("analysis_id","position");