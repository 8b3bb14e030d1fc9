ALTER TABLE "memories" ADD COLUMN "frame" jsonb;--> statement-breakpoint
ALTER TABLE "memory_sections" ADD COLUMN "frame_item" jsonb;