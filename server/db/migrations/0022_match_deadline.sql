DROP INDEX "call_matches_company_score_idx";--> statement-breakpoint
ALTER TABLE "call_matches" ADD COLUMN "deadline" timestamp with time zone;--> statement-breakpoint
UPDATE "call_matches" SET "deadline" = "tender_calls"."submission_deadline" FROM "tender_calls" WHERE "tender_calls"."id" = "call_matches"."tender_call_id";--> statement-breakpoint
ALTER TABLE "call_matches" ALTER COLUMN "deadline" SET NOT NULL;--> statement-breakpoint
CREATE INDEX "users_ics_token_idx" ON "users" USING btree ("ics_token_hash");--> statement-breakpoint
CREATE INDEX "call_matches_company_score_idx" ON "call_matches" USING btree ("company_id","score" DESC NULLS LAST,"deadline","tender_call_id");