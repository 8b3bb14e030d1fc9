-- pg_trgm is a trusted extension (PostgreSQL 13 and later): the database owner may create it. PGlite loads it (server/db/client.ts).
CREATE EXTENSION IF NOT EXISTS pg_trgm;--> statement-breakpoint
CREATE INDEX "tender_calls_reference_trgm_idx" ON "tender_calls" USING gin (lower("reference") gin_trgm_ops);
