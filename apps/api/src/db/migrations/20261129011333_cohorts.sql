CREATE TABLE "calendar_feeds" (
	"account_id" integer PRIMARY KEY NOT NULL,
	"token_hash" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "calendar_feeds_token_hash_unique" UNIQUE("token_hash")
);
--> statement-breakpoint
CREATE TABLE "cohort_deadlines" (
	"id" serial PRIMARY KEY NOT NULL,
	"cohort_id" integer NOT NULL,
	"quiz_id" integer NOT NULL,
	"days" integer NOT NULL,
	"local_time" text NOT NULL,
	"due_at" timestamp with time zone NOT NULL,
	"refuse_late" boolean DEFAULT false NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "cohort_seats" (
	"id" serial PRIMARY KEY NOT NULL,
	"cohort_id" integer NOT NULL,
	"student_id" integer NOT NULL,
	"order_id" integer NOT NULL,
	"status" text DEFAULT 'held' NOT NULL,
	"held_until" timestamp with time zone NOT NULL,
	"taken_at" timestamp with time zone,
	"released_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "cohort_waitlist" (
	"id" serial PRIMARY KEY NOT NULL,
	"cohort_id" integer NOT NULL,
	"student_id" integer NOT NULL,
	"status" text DEFAULT 'waiting' NOT NULL,
	"offered_at" timestamp with time zone,
	"offer_expires_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "cohorts" (
	"id" serial PRIMARY KEY NOT NULL,
	"course_id" integer NOT NULL,
	"name" text NOT NULL,
	"starts_at" timestamp with time zone NOT NULL,
	"ends_at" timestamp with time zone NOT NULL,
	"enrol_opens_at" timestamp with time zone NOT NULL,
	"enrol_closes_at" timestamp with time zone NOT NULL,
	"capacity" integer NOT NULL,
	"price_kobo" bigint,
	"cancelled_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "cohorts_capacity_ck" CHECK ("cohorts"."capacity" > 0),
	CONSTRAINT "cohorts_dates_ck" CHECK ("cohorts"."ends_at" > "cohorts"."starts_at")
);
--> statement-breakpoint
CREATE TABLE "course_offerings" (
	"course_id" integer PRIMARY KEY NOT NULL,
	"offering" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "deadline_extensions" (
	"deadline_id" integer NOT NULL,
	"student_id" integer NOT NULL,
	"due_at" timestamp with time zone NOT NULL,
	CONSTRAINT "deadline_extensions_deadline_id_student_id_pk" PRIMARY KEY("deadline_id","student_id")
);
--> statement-breakpoint
CREATE TABLE "live_attendance" (
	"session_id" integer NOT NULL,
	"account_id" integer NOT NULL,
	"joined_at" timestamp with time zone,
	"last_beat_at" timestamp with time zone,
	"seconds" integer DEFAULT 0 NOT NULL,
	"marked_present" boolean,
	CONSTRAINT "live_attendance_session_id_account_id_pk" PRIMARY KEY("session_id","account_id")
);
--> statement-breakpoint
CREATE TABLE "live_sessions" (
	"id" serial PRIMARY KEY NOT NULL,
	"cohort_id" integer NOT NULL,
	"title" text NOT NULL,
	"starts_at" timestamp with time zone NOT NULL,
	"duration_minutes" integer NOT NULL,
	"provider" text NOT NULL,
	"room" text NOT NULL,
	"link" text,
	"moderator_password" text NOT NULL,
	"attendee_password" text NOT NULL,
	"recording" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "live_sessions_duration_ck" CHECK ("live_sessions"."duration_minutes" between 1 and 1440)
);
--> statement-breakpoint
CREATE TABLE "reminders_sent" (
	"event" text NOT NULL,
	"account_id" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "reminders_sent_event_account_id_pk" PRIMARY KEY("event","account_id")
);
--> statement-breakpoint
CREATE TABLE "section_release_rules" (
	"section_id" integer PRIMARY KEY NOT NULL,
	"kind" text NOT NULL,
	"days" integer DEFAULT 0 NOT NULL,
	"local_time" text DEFAULT '00:00' NOT NULL,
	"opens_at" timestamp with time zone,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "section_releases" (
	"cohort_id" integer NOT NULL,
	"section_id" integer NOT NULL,
	"student_id" integer NOT NULL,
	"released_at" timestamp with time zone NOT NULL,
	"reason" text NOT NULL,
	CONSTRAINT "section_releases_cohort_id_section_id_student_id_pk" PRIMARY KEY("cohort_id","section_id","student_id")
);
--> statement-breakpoint
ALTER TABLE "quiz_attempts" ADD COLUMN "late" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "announcements" ADD COLUMN "cohort_id" integer;--> statement-breakpoint
ALTER TABLE "calendar_feeds" ADD CONSTRAINT "calendar_feeds_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cohort_deadlines" ADD CONSTRAINT "cohort_deadlines_cohort_id_cohorts_id_fk" FOREIGN KEY ("cohort_id") REFERENCES "public"."cohorts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cohort_deadlines" ADD CONSTRAINT "cohort_deadlines_quiz_id_quizzes_id_fk" FOREIGN KEY ("quiz_id") REFERENCES "public"."quizzes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cohort_seats" ADD CONSTRAINT "cohort_seats_cohort_id_cohorts_id_fk" FOREIGN KEY ("cohort_id") REFERENCES "public"."cohorts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cohort_seats" ADD CONSTRAINT "cohort_seats_student_id_accounts_id_fk" FOREIGN KEY ("student_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cohort_seats" ADD CONSTRAINT "cohort_seats_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cohort_waitlist" ADD CONSTRAINT "cohort_waitlist_cohort_id_cohorts_id_fk" FOREIGN KEY ("cohort_id") REFERENCES "public"."cohorts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cohort_waitlist" ADD CONSTRAINT "cohort_waitlist_student_id_accounts_id_fk" FOREIGN KEY ("student_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cohorts" ADD CONSTRAINT "cohorts_course_id_courses_id_fk" FOREIGN KEY ("course_id") REFERENCES "public"."courses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "course_offerings" ADD CONSTRAINT "course_offerings_course_id_courses_id_fk" FOREIGN KEY ("course_id") REFERENCES "public"."courses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "deadline_extensions" ADD CONSTRAINT "deadline_extensions_deadline_id_cohort_deadlines_id_fk" FOREIGN KEY ("deadline_id") REFERENCES "public"."cohort_deadlines"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "deadline_extensions" ADD CONSTRAINT "deadline_extensions_student_id_accounts_id_fk" FOREIGN KEY ("student_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "live_attendance" ADD CONSTRAINT "live_attendance_session_id_live_sessions_id_fk" FOREIGN KEY ("session_id") REFERENCES "public"."live_sessions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "live_attendance" ADD CONSTRAINT "live_attendance_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "live_sessions" ADD CONSTRAINT "live_sessions_cohort_id_cohorts_id_fk" FOREIGN KEY ("cohort_id") REFERENCES "public"."cohorts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reminders_sent" ADD CONSTRAINT "reminders_sent_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "section_release_rules" ADD CONSTRAINT "section_release_rules_section_id_sections_id_fk" FOREIGN KEY ("section_id") REFERENCES "public"."sections"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "section_releases" ADD CONSTRAINT "section_releases_cohort_id_cohorts_id_fk" FOREIGN KEY ("cohort_id") REFERENCES "public"."cohorts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "section_releases" ADD CONSTRAINT "section_releases_section_id_sections_id_fk" FOREIGN KEY ("section_id") REFERENCES "public"."sections"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "cohort_deadlines_uq" ON "cohort_deadlines" USING btree ("cohort_id","quiz_id");--> statement-breakpoint
CREATE INDEX "cohort_deadlines_due_idx" ON "cohort_deadlines" USING btree ("due_at");--> statement-breakpoint
CREATE INDEX "cohort_seats_cohort_idx" ON "cohort_seats" USING btree ("cohort_id","status");--> statement-breakpoint
CREATE INDEX "cohort_seats_order_idx" ON "cohort_seats" USING btree ("order_id");--> statement-breakpoint
CREATE UNIQUE INDEX "cohort_seats_member_uq" ON "cohort_seats" USING btree ("cohort_id","student_id") WHERE "cohort_seats"."status" = 'taken';--> statement-breakpoint
CREATE INDEX "cohort_seats_student_idx" ON "cohort_seats" USING btree ("student_id","status");--> statement-breakpoint
CREATE UNIQUE INDEX "cohort_waitlist_uq" ON "cohort_waitlist" USING btree ("cohort_id","student_id");--> statement-breakpoint
CREATE INDEX "cohort_waitlist_queue_idx" ON "cohort_waitlist" USING btree ("cohort_id","status","id");--> statement-breakpoint
CREATE INDEX "cohorts_course_idx" ON "cohorts" USING btree ("course_id","starts_at");--> statement-breakpoint
CREATE INDEX "live_sessions_cohort_idx" ON "live_sessions" USING btree ("cohort_id","starts_at");--> statement-breakpoint
CREATE INDEX "live_sessions_start_idx" ON "live_sessions" USING btree ("starts_at");--> statement-breakpoint
ALTER TABLE "announcements" ADD CONSTRAINT "announcements_cohort_id_cohorts_id_fk" FOREIGN KEY ("cohort_id") REFERENCES "public"."cohorts"("id") ON DELETE cascade ON UPDATE no action;