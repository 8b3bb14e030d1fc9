DROP INDEX "tenders_company_created_idx";--> statement-breakpoint
ALTER TABLE "tenders" ADD COLUMN "submission_deadline" timestamp with time zone;--> statement-breakpoint
UPDATE "tenders" SET "submission_deadline" = "tender_calls"."submission_deadline" FROM "tender_calls" WHERE "tender_calls"."id" = "tenders"."tender_call_id";--> statement-breakpoint
ALTER TABLE "tenders" ALTER COLUMN "submission_deadline" SET NOT NULL;--> statement-breakpoint
CREATE INDEX "tenders_company_deadline_idx" ON "tenders" USING btree ("company_id","submission_deadline","id");
