CREATE TABLE "devices" (
	"id" serial PRIMARY KEY NOT NULL,
	"account_id" integer NOT NULL,
	"key_hash" text NOT NULL,
	"name" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_seen_at" timestamp with time zone DEFAULT now() NOT NULL,
	"removed_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "streams" (
	"id" text PRIMARY KEY NOT NULL,
	"code" text NOT NULL,
	"account_id" integer,
	"session_id" text,
	"device_id" integer,
	"device_hash" text NOT NULL,
	"series_id" integer NOT NULL,
	"hls_prefix" text NOT NULL,
	"network" text,
	"started_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_beat_at" timestamp with time zone DEFAULT now() NOT NULL,
	"ended_at" timestamp with time zone,
	"end_reason" text,
	"tampered_at" timestamp with time zone,
	CONSTRAINT "streams_code_unique" UNIQUE("code")
);
--> statement-breakpoint
ALTER TABLE "media" ADD COLUMN "hls_keys" text;--> statement-breakpoint
ALTER TABLE "devices" ADD CONSTRAINT "devices_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "streams" ADD CONSTRAINT "streams_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "streams" ADD CONSTRAINT "streams_device_id_devices_id_fk" FOREIGN KEY ("device_id") REFERENCES "public"."devices"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "devices_account_key_idx" ON "devices" USING btree ("account_id","key_hash");--> statement-breakpoint
CREATE INDEX "devices_account_idx" ON "devices" USING btree ("account_id","created_at");--> statement-breakpoint
CREATE INDEX "streams_account_idx" ON "streams" USING btree ("account_id","started_at");--> statement-breakpoint
CREATE INDEX "streams_started_idx" ON "streams" USING btree ("started_at");