CREATE TABLE "office_workers" (
	"id" uuid PRIMARY KEY NOT NULL,
	"emoji_font" text,
	"concurrency" integer NOT NULL,
	"seen_at" timestamp with time zone DEFAULT now() NOT NULL
);
