ALTER TABLE "companies" ADD COLUMN "logo_key" text;--> statement-breakpoint
ALTER TABLE "companies" ADD COLUMN "logo_mime" text;--> statement-breakpoint
ALTER TABLE "companies" ADD COLUMN "logo_version" integer;--> statement-breakpoint
ALTER TABLE "companies" ADD COLUMN "brand_color" text;