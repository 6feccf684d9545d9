CREATE TABLE "referral_links" (
	"id" serial PRIMARY KEY NOT NULL,
	"tutor_id" integer NOT NULL,
	"course_id" integer NOT NULL,
	"code" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "referral_visits" (
	"id" serial PRIMARY KEY NOT NULL,
	"link_id" integer NOT NULL,
	"tutor_id" integer NOT NULL,
	"course_id" integer NOT NULL,
	"student_id" integer,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "order_lines" ADD COLUMN "referral_visit_id" integer;--> statement-breakpoint
ALTER TABLE "order_lines" ADD COLUMN "referral_extra_kobo" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "referral_links" ADD CONSTRAINT "referral_links_tutor_id_accounts_id_fk" FOREIGN KEY ("tutor_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "referral_links" ADD CONSTRAINT "referral_links_course_id_courses_id_fk" FOREIGN KEY ("course_id") REFERENCES "public"."courses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "referral_visits" ADD CONSTRAINT "referral_visits_link_id_referral_links_id_fk" FOREIGN KEY ("link_id") REFERENCES "public"."referral_links"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "referral_visits" ADD CONSTRAINT "referral_visits_tutor_id_accounts_id_fk" FOREIGN KEY ("tutor_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "referral_visits" ADD CONSTRAINT "referral_visits_course_id_courses_id_fk" FOREIGN KEY ("course_id") REFERENCES "public"."courses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "referral_visits" ADD CONSTRAINT "referral_visits_student_id_accounts_id_fk" FOREIGN KEY ("student_id") REFERENCES "public"."accounts"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "referral_links_code_uq" ON "referral_links" USING btree ("code");--> statement-breakpoint
CREATE UNIQUE INDEX "referral_links_tutor_course_uq" ON "referral_links" USING btree ("tutor_id","course_id");--> statement-breakpoint
CREATE INDEX "referral_visits_tutor_idx" ON "referral_visits" USING btree ("tutor_id","course_id");--> statement-breakpoint
CREATE INDEX "referral_visits_student_idx" ON "referral_visits" USING btree ("student_id","course_id","created_at");