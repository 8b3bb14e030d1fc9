CREATE TABLE "submission_deposits" (
	"tender_id" uuid PRIMARY KEY NOT NULL,
	"company_id" uuid NOT NULL,
	"deposited_at" timestamp with time zone NOT NULL,
	"recorded_by" uuid,
	"acknowledgement_name" text NOT NULL,
	"acknowledgement_mime" text NOT NULL,
	"acknowledgement_size" bigint NOT NULL,
	"acknowledgement_key" text NOT NULL,
	"zip_key" text NOT NULL,
	"files" jsonb NOT NULL,
	"total_bytes" bigint NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "submission_pieces" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"tender_id" uuid NOT NULL,
	"company_id" uuid NOT NULL,
	"code" text NOT NULL,
	"company_document_id" uuid,
	"file_name" text,
	"mime" text,
	"size" bigint,
	"sha256" text,
	"storage_key" text,
	"uploaded_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "companies" ADD COLUMN "candidature" jsonb DEFAULT '{}'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "submission_deposits" ADD CONSTRAINT "submission_deposits_tender_id_tenders_id_fk" FOREIGN KEY ("tender_id") REFERENCES "public"."tenders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "submission_deposits" ADD CONSTRAINT "submission_deposits_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "submission_deposits" ADD CONSTRAINT "submission_deposits_recorded_by_users_id_fk" FOREIGN KEY ("recorded_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "submission_pieces" ADD CONSTRAINT "submission_pieces_tender_id_tenders_id_fk" FOREIGN KEY ("tender_id") REFERENCES "public"."tenders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "submission_pieces" ADD CONSTRAINT "submission_pieces_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "submission_pieces" ADD CONSTRAINT "submission_pieces_company_document_id_company_documents_id_fk" FOREIGN KEY ("company_document_id") REFERENCES "public"."company_documents"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "submission_pieces" ADD CONSTRAINT "submission_pieces_uploaded_by_users_id_fk" FOREIGN KEY ("uploaded_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "submission_pieces_tender_code_idx" ON "submission_pieces" USING btree ("tender_id","code");