CREATE TABLE "captions" (
	"id" serial PRIMARY KEY NOT NULL,
	"series_id" integer NOT NULL,
	"language" text NOT NULL,
	"label" text NOT NULL,
	"vtt" text NOT NULL,
	"cues" jsonb NOT NULL,
	"file_name" text,
	"format" text NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "captions" ADD CONSTRAINT "captions_series_id_series_id_fk" FOREIGN KEY ("series_id") REFERENCES "public"."series"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "captions_series_language_idx" ON "captions" USING btree ("series_id","language");