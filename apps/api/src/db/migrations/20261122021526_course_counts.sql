CREATE TABLE "course_counts" (
	"status" text NOT NULL,
	"category_id" integer NOT NULL,
	"n" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "course_counts_status_category_id_pk" PRIMARY KEY("status","category_id")
);
