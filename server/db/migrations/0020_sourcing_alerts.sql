CREATE TYPE "public"."call_feedback_verdict" AS ENUM('relevant', 'not_relevant');--> statement-breakpoint
CREATE TYPE "public"."digest_frequency" AS ENUM('daily', 'weekly', 'off');--> statement-breakpoint
CREATE TABLE "call_feedback" (
	"company_id" uuid NOT NULL,
	"tender_call_id" uuid NOT NULL,
	"verdict" "call_feedback_verdict" NOT NULL,
	"reason" text DEFAULT '' NOT NULL,
	"user_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "call_matches" (
	"company_id" uuid NOT NULL,
	"tender_call_id" uuid NOT NULL,
	"score" integer NOT NULL,
	"status" "match_status" NOT NULL,
	"reasons" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"computed_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "notifications" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"tender_id" uuid,
	"tender_call_id" uuid,
	"payload" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"dedupe_key" text NOT NULL,
	"read_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "import_runs" ADD COLUMN "origin" text DEFAULT 'upload' NOT NULL;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "digest_frequency" "digest_frequency" DEFAULT 'off' NOT NULL;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "digest_sent_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "alert_emails" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "ics_token_hash" text;--> statement-breakpoint
ALTER TABLE "call_feedback" ADD CONSTRAINT "call_feedback_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "call_feedback" ADD CONSTRAINT "call_feedback_tender_call_id_tender_calls_id_fk" FOREIGN KEY ("tender_call_id") REFERENCES "public"."tender_calls"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "call_feedback" ADD CONSTRAINT "call_feedback_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "call_matches" ADD CONSTRAINT "call_matches_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "call_matches" ADD CONSTRAINT "call_matches_tender_call_id_tender_calls_id_fk" FOREIGN KEY ("tender_call_id") REFERENCES "public"."tender_calls"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notifications" ADD CONSTRAINT "notifications_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notifications" ADD CONSTRAINT "notifications_tender_id_tenders_id_fk" FOREIGN KEY ("tender_id") REFERENCES "public"."tenders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notifications" ADD CONSTRAINT "notifications_tender_call_id_tender_calls_id_fk" FOREIGN KEY ("tender_call_id") REFERENCES "public"."tender_calls"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "call_feedback_pk_idx" ON "call_feedback" USING btree ("company_id","tender_call_id");--> statement-breakpoint
CREATE UNIQUE INDEX "call_matches_pk_idx" ON "call_matches" USING btree ("company_id","tender_call_id");--> statement-breakpoint
CREATE INDEX "call_matches_company_score_idx" ON "call_matches" USING btree ("company_id","score","tender_call_id");--> statement-breakpoint
CREATE INDEX "call_matches_call_idx" ON "call_matches" USING btree ("tender_call_id");--> statement-breakpoint
CREATE UNIQUE INDEX "notifications_dedupe_idx" ON "notifications" USING btree ("user_id","dedupe_key");--> statement-breakpoint
CREATE INDEX "notifications_user_idx" ON "notifications" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "awards_cpv_idx" ON "awards" USING gin ("cpv_codes");--> statement-breakpoint
CREATE INDEX "awards_winners_idx" ON "awards" USING gin ("winners");