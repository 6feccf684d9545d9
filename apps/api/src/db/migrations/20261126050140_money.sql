CREATE TABLE "audit_log" (
	"id" serial PRIMARY KEY NOT NULL,
	"actor_id" integer,
	"actor_role" text,
	"action" text NOT NULL,
	"subject_type" text NOT NULL,
	"subject_id" text,
	"details" jsonb,
	"ip" text,
	"user_agent" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "ledger_entries" (
	"id" serial PRIMARY KEY NOT NULL,
	"tutor_id" integer NOT NULL,
	"kind" text NOT NULL,
	"order_id" integer NOT NULL,
	"order_line_id" integer NOT NULL,
	"course_id" integer NOT NULL,
	"student_id" integer NOT NULL,
	"gross_kobo" bigint NOT NULL,
	"fee_kobo" bigint NOT NULL,
	"net_kobo" bigint NOT NULL,
	"route" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "ledger_entries_reconciles" CHECK ("ledger_entries"."fee_kobo" + "ledger_entries"."net_kobo" = "ledger_entries"."gross_kobo")
);
--> statement-breakpoint
CREATE TABLE "payout_accounts" (
	"id" serial PRIMARY KEY NOT NULL,
	"tutor_id" integer NOT NULL,
	"bank_code" text NOT NULL,
	"bank_name" text NOT NULL,
	"account_number" text NOT NULL,
	"account_name" text NOT NULL,
	"subaccount_code" text,
	"recipient_code" text,
	"hold_until" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "payout_codes" (
	"id" serial PRIMARY KEY NOT NULL,
	"tutor_id" integer NOT NULL,
	"code_hash" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"used_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "payout_items" (
	"payout_id" integer NOT NULL,
	"ledger_entry_id" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "payouts" (
	"id" serial PRIMARY KEY NOT NULL,
	"reference" text NOT NULL,
	"tutor_id" integer NOT NULL,
	"amount_kobo" bigint NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"recipient_code" text,
	"transfer_code" text,
	"bank_name" text NOT NULL,
	"account_number" text NOT NULL,
	"account_name" text NOT NULL,
	"failure_reason" text,
	"admin_id" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "payouts_reference_unique" UNIQUE("reference")
);
--> statement-breakpoint
CREATE TABLE "refunds" (
	"id" serial PRIMARY KEY NOT NULL,
	"order_line_id" integer NOT NULL,
	"order_id" integer NOT NULL,
	"student_id" integer NOT NULL,
	"course_id" integer NOT NULL,
	"amount_kobo" bigint NOT NULL,
	"reason" text NOT NULL,
	"watched_percent" integer DEFAULT 0 NOT NULL,
	"status" text DEFAULT 'requested' NOT NULL,
	"admin_id" integer,
	"admin_note" text,
	"provider_refund_id" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"decided_at" timestamp with time zone,
	"processed_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "sandbox_records" (
	"id" serial PRIMARY KEY NOT NULL,
	"kind" text NOT NULL,
	"code" text NOT NULL,
	"status" text,
	"data" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
DROP INDEX "orders_student_idx";--> statement-breakpoint
ALTER TABLE "order_lines" ADD COLUMN "tutor_id" integer;--> statement-breakpoint
ALTER TABLE "order_lines" ADD COLUMN "fee_kobo" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "order_lines" ADD COLUMN "net_kobo" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "order_lines" ADD COLUMN "route" text DEFAULT 'owed' NOT NULL;--> statement-breakpoint
ALTER TABLE "order_lines" ADD COLUMN "subaccount_code" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "channel" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "paid_channel" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "expires_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "cancelled_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "sandbox_transactions" ADD COLUMN "channels" jsonb;--> statement-breakpoint
ALTER TABLE "sandbox_transactions" ADD COLUMN "channel" text;--> statement-breakpoint
ALTER TABLE "sandbox_transactions" ADD COLUMN "split" jsonb;--> statement-breakpoint
ALTER TABLE "sandbox_transactions" ADD COLUMN "refunded_kobo" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "audit_log" ADD CONSTRAINT "audit_log_actor_id_accounts_id_fk" FOREIGN KEY ("actor_id") REFERENCES "public"."accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ledger_entries" ADD CONSTRAINT "ledger_entries_tutor_id_accounts_id_fk" FOREIGN KEY ("tutor_id") REFERENCES "public"."accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ledger_entries" ADD CONSTRAINT "ledger_entries_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ledger_entries" ADD CONSTRAINT "ledger_entries_order_line_id_order_lines_id_fk" FOREIGN KEY ("order_line_id") REFERENCES "public"."order_lines"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ledger_entries" ADD CONSTRAINT "ledger_entries_course_id_courses_id_fk" FOREIGN KEY ("course_id") REFERENCES "public"."courses"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ledger_entries" ADD CONSTRAINT "ledger_entries_student_id_accounts_id_fk" FOREIGN KEY ("student_id") REFERENCES "public"."accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payout_accounts" ADD CONSTRAINT "payout_accounts_tutor_id_accounts_id_fk" FOREIGN KEY ("tutor_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payout_codes" ADD CONSTRAINT "payout_codes_tutor_id_accounts_id_fk" FOREIGN KEY ("tutor_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payout_items" ADD CONSTRAINT "payout_items_payout_id_payouts_id_fk" FOREIGN KEY ("payout_id") REFERENCES "public"."payouts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payout_items" ADD CONSTRAINT "payout_items_ledger_entry_id_ledger_entries_id_fk" FOREIGN KEY ("ledger_entry_id") REFERENCES "public"."ledger_entries"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payouts" ADD CONSTRAINT "payouts_tutor_id_accounts_id_fk" FOREIGN KEY ("tutor_id") REFERENCES "public"."accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payouts" ADD CONSTRAINT "payouts_admin_id_accounts_id_fk" FOREIGN KEY ("admin_id") REFERENCES "public"."accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "refunds" ADD CONSTRAINT "refunds_order_line_id_order_lines_id_fk" FOREIGN KEY ("order_line_id") REFERENCES "public"."order_lines"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "refunds" ADD CONSTRAINT "refunds_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "refunds" ADD CONSTRAINT "refunds_student_id_accounts_id_fk" FOREIGN KEY ("student_id") REFERENCES "public"."accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "refunds" ADD CONSTRAINT "refunds_course_id_courses_id_fk" FOREIGN KEY ("course_id") REFERENCES "public"."courses"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "refunds" ADD CONSTRAINT "refunds_admin_id_accounts_id_fk" FOREIGN KEY ("admin_id") REFERENCES "public"."accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "audit_log_subject_idx" ON "audit_log" USING btree ("subject_type","subject_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "ledger_entries_line_kind_uq" ON "ledger_entries" USING btree ("order_line_id","kind");--> statement-breakpoint
CREATE INDEX "ledger_entries_tutor_idx" ON "ledger_entries" USING btree ("tutor_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "payout_accounts_tutor_uq" ON "payout_accounts" USING btree ("tutor_id");--> statement-breakpoint
CREATE INDEX "payout_codes_tutor_idx" ON "payout_codes" USING btree ("tutor_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "payout_items_uq" ON "payout_items" USING btree ("payout_id","ledger_entry_id");--> statement-breakpoint
CREATE INDEX "payout_items_entry_idx" ON "payout_items" USING btree ("ledger_entry_id");--> statement-breakpoint
CREATE INDEX "payouts_tutor_idx" ON "payouts" USING btree ("tutor_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "refunds_order_line_uq" ON "refunds" USING btree ("order_line_id");--> statement-breakpoint
CREATE INDEX "refunds_status_idx" ON "refunds" USING btree ("status","created_at");--> statement-breakpoint
CREATE INDEX "refunds_order_idx" ON "refunds" USING btree ("order_id");--> statement-breakpoint
CREATE UNIQUE INDEX "sandbox_records_kind_code_uq" ON "sandbox_records" USING btree ("kind","code");--> statement-breakpoint
ALTER TABLE "order_lines" ADD CONSTRAINT "order_lines_tutor_id_accounts_id_fk" FOREIGN KEY ("tutor_id") REFERENCES "public"."accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "orders_pending_idx" ON "orders" USING btree ("expires_at") WHERE "orders"."status" = 'pending';--> statement-breakpoint
CREATE INDEX "orders_student_idx" ON "orders" USING btree ("student_id","created_at");--> statement-breakpoint
UPDATE "orders" SET "expires_at" = "created_at" + interval '30 minutes' WHERE "expires_at" IS NULL;--> statement-breakpoint
UPDATE "order_lines" SET "tutor_id" = c."tutor_id", "fee_kobo" = round(ol."price_kobo" * 0.2), "net_kobo" = ol."price_kobo" - round(ol."price_kobo" * 0.2)
  FROM "order_lines" ol JOIN "courses" c ON c."id" = ol."course_id" WHERE "order_lines"."id" = ol."id";--> statement-breakpoint
INSERT INTO "ledger_entries" ("tutor_id", "kind", "order_id", "order_line_id", "course_id", "student_id", "gross_kobo", "fee_kobo", "net_kobo", "route", "created_at")
  SELECT ol."tutor_id", 'sale', o."id", ol."id", ol."course_id", o."student_id", ol."price_kobo", ol."fee_kobo", ol."net_kobo", 'owed', coalesce(o."paid_at", o."created_at")
  FROM "order_lines" ol JOIN "orders" o ON o."id" = ol."order_id"
  WHERE o."status" = 'paid' AND ol."tutor_id" IS NOT NULL
    AND EXISTS (SELECT 1 FROM "enrolments" e WHERE e."order_id" = o."id" AND e."course_id" = ol."course_id");
