ALTER TABLE "organigrammes" ADD COLUMN "version" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "plannings" ADD COLUMN "version" integer DEFAULT 1 NOT NULL;