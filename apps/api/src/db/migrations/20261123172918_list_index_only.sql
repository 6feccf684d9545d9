DROP INDEX "courses_tutor_idx";--> statement-breakpoint
DROP INDEX "courses_public_idx";--> statement-breakpoint
DROP INDEX "courses_category_idx";--> statement-breakpoint
CREATE INDEX "courses_tutor_idx" ON "courses" USING btree ("tutor_id","created_at","id");--> statement-breakpoint
CREATE INDEX "courses_public_idx" ON "courses" USING btree ("status","created_at","id") WHERE "courses"."deleted_at" is null;--> statement-breakpoint
CREATE INDEX "courses_category_idx" ON "courses" USING btree ("category_id","status","created_at","id") WHERE "courses"."deleted_at" is null;