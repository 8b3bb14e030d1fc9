CREATE TYPE "public"."go_no_go_decision" AS ENUM('go', 'no_go');--> statement-breakpoint
CREATE TABLE "tender_go_no_go" (
	"tender_id" uuid PRIMARY KEY NOT NULL,
	"ratings" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"updated_by" uuid,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"decision" "go_no_go_decision",
	"reason" text,
	"decided_by" uuid,
	"decided_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "companies" ADD COLUMN "go_no_go_weights" jsonb;--> statement-breakpoint
ALTER TABLE "tender_go_no_go" ADD CONSTRAINT "tender_go_no_go_tender_id_tenders_id_fk" FOREIGN KEY ("tender_id") REFERENCES "public"."tenders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tender_go_no_go" ADD CONSTRAINT "tender_go_no_go_updated_by_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tender_go_no_go" ADD CONSTRAINT "tender_go_no_go_decided_by_users_id_fk" FOREIGN KEY ("decided_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;