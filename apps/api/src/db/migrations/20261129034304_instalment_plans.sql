CREATE TABLE "course_plans" (
	"id" serial PRIMARY KEY NOT NULL,
	"course_id" integer NOT NULL,
	"first_kind" text NOT NULL,
	"first_value" bigint NOT NULL,
	"further_payments" integer NOT NULL,
	"interval" text NOT NULL,
	"full_discount_percent" integer DEFAULT 0 NOT NULL,
	"removed_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "course_plans_further" CHECK ("course_plans"."further_payments" between 1 and 5)
);
--> statement-breakpoint
CREATE TABLE "instalment_plans" (
	"id" serial PRIMARY KEY NOT NULL,
	"student_id" integer NOT NULL,
	"course_id" integer NOT NULL,
	"course_plan_id" integer NOT NULL,
	"first_order_id" integer NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"interval" text NOT NULL,
	"total_kobo" bigint NOT NULL,
	"full_discount_percent" integer DEFAULT 0 NOT NULL,
	"consent" boolean DEFAULT false NOT NULL,
	"card_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"completed_at" timestamp with time zone,
	"cancelled_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "instalments" (
	"id" serial PRIMARY KEY NOT NULL,
	"plan_id" integer NOT NULL,
	"number" integer NOT NULL,
	"due_at" timestamp with time zone NOT NULL,
	"amount_kobo" bigint NOT NULL,
	"state" text DEFAULT 'scheduled' NOT NULL,
	"order_id" integer,
	"paid_at" timestamp with time zone,
	"charge_reference" text,
	"charge_started_at" timestamp with time zone,
	"last_failure" text,
	CONSTRAINT "instalments_amount_positive" CHECK ("instalments"."amount_kobo" > 0)
);
--> statement-breakpoint
CREATE TABLE "plan_payments" (
	"order_id" integer PRIMARY KEY NOT NULL,
	"plan_id" integer NOT NULL,
	"kind" text NOT NULL,
	"from_number" integer NOT NULL,
	"to_number" integer NOT NULL,
	"discount_kobo" bigint DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "plan_reminders" (
	"instalment_id" integer NOT NULL,
	"step" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "saved_cards" (
	"id" serial PRIMARY KEY NOT NULL,
	"student_id" integer NOT NULL,
	"authorization_code" text NOT NULL,
	"signature" text,
	"email" text NOT NULL,
	"brand" text NOT NULL,
	"last4" text NOT NULL,
	"exp_month" text,
	"exp_year" text,
	"bank" text,
	"removed_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "sandbox_transactions" ADD COLUMN "authorization" jsonb;--> statement-breakpoint
ALTER TABLE "course_plans" ADD CONSTRAINT "course_plans_course_id_courses_id_fk" FOREIGN KEY ("course_id") REFERENCES "public"."courses"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "instalment_plans" ADD CONSTRAINT "instalment_plans_student_id_accounts_id_fk" FOREIGN KEY ("student_id") REFERENCES "public"."accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "instalment_plans" ADD CONSTRAINT "instalment_plans_course_id_courses_id_fk" FOREIGN KEY ("course_id") REFERENCES "public"."courses"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "instalment_plans" ADD CONSTRAINT "instalment_plans_course_plan_id_course_plans_id_fk" FOREIGN KEY ("course_plan_id") REFERENCES "public"."course_plans"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "instalment_plans" ADD CONSTRAINT "instalment_plans_first_order_id_orders_id_fk" FOREIGN KEY ("first_order_id") REFERENCES "public"."orders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "instalment_plans" ADD CONSTRAINT "instalment_plans_card_id_saved_cards_id_fk" FOREIGN KEY ("card_id") REFERENCES "public"."saved_cards"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "instalments" ADD CONSTRAINT "instalments_plan_id_instalment_plans_id_fk" FOREIGN KEY ("plan_id") REFERENCES "public"."instalment_plans"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "instalments" ADD CONSTRAINT "instalments_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "plan_payments" ADD CONSTRAINT "plan_payments_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "plan_payments" ADD CONSTRAINT "plan_payments_plan_id_instalment_plans_id_fk" FOREIGN KEY ("plan_id") REFERENCES "public"."instalment_plans"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "plan_reminders" ADD CONSTRAINT "plan_reminders_instalment_id_instalments_id_fk" FOREIGN KEY ("instalment_id") REFERENCES "public"."instalments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "saved_cards" ADD CONSTRAINT "saved_cards_student_id_accounts_id_fk" FOREIGN KEY ("student_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "course_plans_course_idx" ON "course_plans" USING btree ("course_id");--> statement-breakpoint
CREATE UNIQUE INDEX "instalment_plans_first_order_uq" ON "instalment_plans" USING btree ("first_order_id");--> statement-breakpoint
CREATE INDEX "instalment_plans_student_idx" ON "instalment_plans" USING btree ("student_id","course_id");--> statement-breakpoint
CREATE INDEX "instalment_plans_status_idx" ON "instalment_plans" USING btree ("status");--> statement-breakpoint
CREATE UNIQUE INDEX "instalments_plan_number_uq" ON "instalments" USING btree ("plan_id","number");--> statement-breakpoint
CREATE INDEX "instalments_due_idx" ON "instalments" USING btree ("due_at");--> statement-breakpoint
CREATE INDEX "plan_payments_plan_idx" ON "plan_payments" USING btree ("plan_id");--> statement-breakpoint
CREATE UNIQUE INDEX "plan_reminders_uq" ON "plan_reminders" USING btree ("instalment_id","step");--> statement-breakpoint
CREATE UNIQUE INDEX "saved_cards_authorization_uq" ON "saved_cards" USING btree ("authorization_code");--> statement-breakpoint
CREATE INDEX "saved_cards_student_idx" ON "saved_cards" USING btree ("student_id");