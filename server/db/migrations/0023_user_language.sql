CREATE TYPE "public"."user_language" AS ENUM('fr', 'en');--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "language" "user_language" DEFAULT 'fr' NOT NULL;