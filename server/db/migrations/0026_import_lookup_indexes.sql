DROP INDEX "source_notices_related_idx";--> statement-breakpoint
DROP INDEX "tender_calls_buyer_reference_idx";--> statement-breakpoint
CREATE INDEX "source_notices_related_idx" ON "source_notices" USING gin ("related") WITH (fastupdate=false);--> statement-breakpoint
CREATE INDEX "tender_calls_buyer_reference_idx" ON "tender_calls" USING btree ("buyer_reference","submission_deadline");