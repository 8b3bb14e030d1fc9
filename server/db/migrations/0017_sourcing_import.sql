CREATE TYPE "public"."import_run_status" AS ENUM('queued', 'running', 'done', 'failed');--> statement-breakpoint
CREATE TYPE "public"."tender_call_status" AS ENUM('open', 'cancelled', 'awarded');--> statement-breakpoint
CREATE TABLE "awards" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"tender_call_id" uuid,
	"source" text NOT NULL,
	"source_id" text NOT NULL,
	"position" integer NOT NULL,
	"lot" text,
	"winners" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"amount" bigint,
	"award_date" date,
	"offers" integer,
	"title" text NOT NULL,
	"buyer" text,
	"buyer_siret" text,
	"cpv_codes" text[] DEFAULT '{}'::text[] NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "import_runs" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"job_id" uuid,
	"file_name" text NOT NULL,
	"size" bigint DEFAULT 0 NOT NULL,
	"storage_key" text,
	"status" "import_run_status" DEFAULT 'queued' NOT NULL,
	"progress" integer DEFAULT 0 NOT NULL,
	"notices" integer DEFAULT 0 NOT NULL,
	"new_count" integer DEFAULT 0 NOT NULL,
	"updated_count" integer DEFAULT 0 NOT NULL,
	"cancelled_count" integer DEFAULT 0 NOT NULL,
	"awarded_count" integer DEFAULT 0 NOT NULL,
	"refused_count" integer DEFAULT 0 NOT NULL,
	"unchanged_count" integer DEFAULT 0 NOT NULL,
	"error" text,
	"created_by" uuid,
	"finished_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "refused_notices" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"import_run_id" uuid NOT NULL,
	"source" text,
	"source_id" text,
	"reason" text NOT NULL,
	"detail" text DEFAULT '' NOT NULL,
	"file_name" text NOT NULL,
	"origin" text,
	"position" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "source_notices" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"source" text NOT NULL,
	"source_id" text NOT NULL,
	"tender_call_id" uuid,
	"kind" text NOT NULL,
	"shape" text NOT NULL,
	"url" text,
	"published_at" date,
	"related" text[] DEFAULT '{}'::text[] NOT NULL,
	"hash" text NOT NULL,
	"import_run_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "tender_call_changes" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"tender_call_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"source" text NOT NULL,
	"source_id" text NOT NULL,
	"changes" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"deadline_moved" boolean DEFAULT false NOT NULL,
	"import_run_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "tender_call_lots" ADD COLUMN "published_number" text;--> statement-breakpoint
ALTER TABLE "tender_call_lots" ADD COLUMN "cpv_codes" text[] DEFAULT '{}'::text[] NOT NULL;--> statement-breakpoint
ALTER TABLE "tender_calls" ADD COLUMN "source_id" text;--> statement-breakpoint
ALTER TABLE "tender_calls" ADD COLUMN "buyer_reference" text;--> statement-breakpoint
ALTER TABLE "tender_calls" ADD COLUMN "buyer_siret" text;--> statement-breakpoint
ALTER TABLE "tender_calls" ADD COLUMN "procedure_raw" text;--> statement-breakpoint
ALTER TABLE "tender_calls" ADD COLUMN "departements" text[] DEFAULT '{}'::text[] NOT NULL;--> statement-breakpoint
ALTER TABLE "tender_calls" ADD COLUMN "nuts" text[] DEFAULT '{}'::text[] NOT NULL;--> statement-breakpoint
ALTER TABLE "tender_calls" ADD COLUMN "deadline_zone" text;--> statement-breakpoint
ALTER TABLE "tender_calls" ADD COLUMN "deadline_day_only" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "tender_calls" ADD COLUMN "status" "tender_call_status" DEFAULT 'open' NOT NULL;--> statement-breakpoint
ALTER TABLE "awards" ADD CONSTRAINT "awards_tender_call_id_tender_calls_id_fk" FOREIGN KEY ("tender_call_id") REFERENCES "public"."tender_calls"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "import_runs" ADD CONSTRAINT "import_runs_job_id_jobs_id_fk" FOREIGN KEY ("job_id") REFERENCES "public"."jobs"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "import_runs" ADD CONSTRAINT "import_runs_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "refused_notices" ADD CONSTRAINT "refused_notices_import_run_id_import_runs_id_fk" FOREIGN KEY ("import_run_id") REFERENCES "public"."import_runs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "source_notices" ADD CONSTRAINT "source_notices_tender_call_id_tender_calls_id_fk" FOREIGN KEY ("tender_call_id") REFERENCES "public"."tender_calls"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "source_notices" ADD CONSTRAINT "source_notices_import_run_id_import_runs_id_fk" FOREIGN KEY ("import_run_id") REFERENCES "public"."import_runs"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tender_call_changes" ADD CONSTRAINT "tender_call_changes_tender_call_id_tender_calls_id_fk" FOREIGN KEY ("tender_call_id") REFERENCES "public"."tender_calls"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tender_call_changes" ADD CONSTRAINT "tender_call_changes_import_run_id_import_runs_id_fk" FOREIGN KEY ("import_run_id") REFERENCES "public"."import_runs"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "awards_notice_idx" ON "awards" USING btree ("source","source_id","position");--> statement-breakpoint
CREATE INDEX "awards_call_idx" ON "awards" USING btree ("tender_call_id");--> statement-breakpoint
CREATE INDEX "awards_buyer_idx" ON "awards" USING btree ("buyer_siret");--> statement-breakpoint
CREATE INDEX "import_runs_created_idx" ON "import_runs" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "refused_notices_run_idx" ON "refused_notices" USING btree ("import_run_id","position");--> statement-breakpoint
CREATE UNIQUE INDEX "source_notices_source_idx" ON "source_notices" USING btree ("source","source_id");--> statement-breakpoint
CREATE INDEX "source_notices_call_idx" ON "source_notices" USING btree ("tender_call_id");--> statement-breakpoint
CREATE INDEX "source_notices_related_idx" ON "source_notices" USING gin ("related");--> statement-breakpoint
CREATE INDEX "tender_call_changes_call_idx" ON "tender_call_changes" USING btree ("tender_call_id","created_at");--> statement-breakpoint
CREATE INDEX "tender_calls_buyer_reference_idx" ON "tender_calls" USING btree ("buyer_reference");