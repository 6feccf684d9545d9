DROP INDEX "courses_title_lower_idx";--> statement-breakpoint
CREATE INDEX "courses_title_order_idx" ON "courses" USING btree ((lower("title") collate "C"),"id" DESC NULLS FIRST);