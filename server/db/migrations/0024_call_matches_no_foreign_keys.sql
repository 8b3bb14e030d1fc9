ALTER TABLE "call_matches" DROP CONSTRAINT "call_matches_company_id_companies_id_fk";
--> statement-breakpoint
ALTER TABLE "call_matches" DROP CONSTRAINT "call_matches_tender_call_id_tender_calls_id_fk";

--> statement-breakpoint
-- The rows of a deleted company or call go with it, as the dropped foreign keys' cascade did
-- (a statement-level trigger: one delete for a batch of companies or calls).
CREATE FUNCTION "call_matches_of_companies_deleted"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM "call_matches" m USING "deleted" d WHERE m."company_id" = d."id";
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER "companies_delete_call_matches" AFTER DELETE ON "companies" REFERENCING OLD TABLE AS "deleted" FOR EACH STATEMENT EXECUTE FUNCTION "call_matches_of_companies_deleted"();
--> statement-breakpoint
CREATE FUNCTION "call_matches_of_calls_deleted"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM "call_matches" m USING "deleted" d WHERE m."tender_call_id" = d."id";
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER "tender_calls_delete_call_matches" AFTER DELETE ON "tender_calls" REFERENCING OLD TABLE AS "deleted" FOR EACH STATEMENT EXECUTE FUNCTION "call_matches_of_calls_deleted"();
