CREATE TABLE "library_blocks" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"company_id" uuid NOT NULL,
	"title" text NOT NULL,
	"content" jsonb NOT NULL,
	"text" text DEFAULT '' NOT NULL,
	"tags" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"cpv_codes" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"owner_id" uuid,
	"source_section_id" uuid,
	"last_reviewed_at" timestamp with time zone,
	"review_due" date,
	"search_text" text DEFAULT '' NOT NULL,
	"search_vector" "tsvector" GENERATED ALWAYS AS (to_tsvector('french'::regconfig, search_text)) STORED NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "library_blocks" ADD CONSTRAINT "library_blocks_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "library_blocks" ADD CONSTRAINT "library_blocks_owner_id_users_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "library_blocks" ADD CONSTRAINT "library_blocks_source_section_id_memory_sections_id_fk" FOREIGN KEY ("source_section_id") REFERENCES "public"."memory_sections"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "library_blocks_company_idx" ON "library_blocks" USING btree ("company_id","title");--> statement-breakpoint
CREATE INDEX "library_blocks_review_idx" ON "library_blocks" USING btree ("company_id","review_due");--> statement-breakpoint
CREATE INDEX "library_blocks_search_idx" ON "library_blocks" USING gin ("search_vector");