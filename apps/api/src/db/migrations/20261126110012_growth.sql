CREATE TABLE "coupon_redemptions" (
	"id" serial PRIMARY KEY NOT NULL,
	"coupon_id" integer NOT NULL,
	"student_id" integer NOT NULL,
	"order_id" integer NOT NULL,
	"order_line_id" integer NOT NULL,
	"course_id" integer NOT NULL,
	"discount_kobo" bigint NOT NULL,
	"status" text DEFAULT 'reserved' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"confirmed_at" timestamp with time zone,
	"released_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "coupons" (
	"id" serial PRIMARY KEY NOT NULL,
	"course_id" integer NOT NULL,
	"tutor_id" integer NOT NULL,
	"code" text NOT NULL,
	"kind" text NOT NULL,
	"value" bigint NOT NULL,
	"starts_at" timestamp with time zone NOT NULL,
	"ends_at" timestamp with time zone NOT NULL,
	"usage_limit" integer,
	"used" integer DEFAULT 0 NOT NULL,
	"disabled_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "coupons_used_ck" CHECK ("coupons"."used" >= 0)
);
--> statement-breakpoint
ALTER TABLE "order_lines" ADD COLUMN "coupon_id" integer;--> statement-breakpoint
ALTER TABLE "order_lines" ADD COLUMN "discount_kobo" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "coupon_redemptions" ADD CONSTRAINT "coupon_redemptions_coupon_id_coupons_id_fk" FOREIGN KEY ("coupon_id") REFERENCES "public"."coupons"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "coupon_redemptions" ADD CONSTRAINT "coupon_redemptions_student_id_accounts_id_fk" FOREIGN KEY ("student_id") REFERENCES "public"."accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "coupon_redemptions" ADD CONSTRAINT "coupon_redemptions_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "coupon_redemptions" ADD CONSTRAINT "coupon_redemptions_order_line_id_order_lines_id_fk" FOREIGN KEY ("order_line_id") REFERENCES "public"."order_lines"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "coupon_redemptions" ADD CONSTRAINT "coupon_redemptions_course_id_courses_id_fk" FOREIGN KEY ("course_id") REFERENCES "public"."courses"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "coupons" ADD CONSTRAINT "coupons_course_id_courses_id_fk" FOREIGN KEY ("course_id") REFERENCES "public"."courses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "coupons" ADD CONSTRAINT "coupons_tutor_id_accounts_id_fk" FOREIGN KEY ("tutor_id") REFERENCES "public"."accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "coupon_redemptions_live_uq" ON "coupon_redemptions" USING btree ("coupon_id","student_id") WHERE "coupon_redemptions"."status" <> 'released';--> statement-breakpoint
CREATE INDEX "coupon_redemptions_order_idx" ON "coupon_redemptions" USING btree ("order_id");--> statement-breakpoint
CREATE INDEX "coupon_redemptions_coupon_idx" ON "coupon_redemptions" USING btree ("coupon_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "coupons_course_code_uq" ON "coupons" USING btree ("course_id","code");--> statement-breakpoint
CREATE INDEX "coupons_code_idx" ON "coupons" USING btree ("code");--> statement-breakpoint
-- A coupon use follows its order, whichever path changes the order (sweep, cancel, a replacing checkout, a failed
-- start, payment): an order given up releases its reserved uses and gives them back to the coupon; a paid order
-- confirms them (a late payment of a released use takes it again, the money came with the discount, unless the
-- student holds another live use of that coupon).
CREATE OR REPLACE FUNCTION coupon_redemptions_follow_order() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NEW.status IN ('abandoned', 'failed') THEN
    WITH r AS (
      UPDATE coupon_redemptions SET status = 'released', released_at = now()
      WHERE order_id = NEW.id AND status = 'reserved' RETURNING coupon_id)
    UPDATE coupons c SET used = c.used - x.n
    FROM (SELECT coupon_id, count(*)::int AS n FROM r GROUP BY coupon_id) x WHERE c.id = x.coupon_id;
  ELSIF NEW.status = 'paid' THEN
    WITH r AS (
      UPDATE coupon_redemptions d SET status = 'confirmed', confirmed_at = now(), released_at = NULL
      FROM coupon_redemptions was
      WHERE was.id = d.id AND d.order_id = NEW.id
        AND (d.status = 'reserved' OR (d.status = 'released' AND NOT EXISTS (
          SELECT 1 FROM coupon_redemptions o
          WHERE o.coupon_id = d.coupon_id AND o.student_id = d.student_id AND o.status <> 'released')))
      RETURNING d.coupon_id, was.status AS was)
    UPDATE coupons c SET used = c.used + x.n
    FROM (SELECT coupon_id, count(*)::int AS n FROM r WHERE was = 'released' GROUP BY coupon_id) x
    WHERE c.id = x.coupon_id;
  END IF;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER orders_coupon_redemptions AFTER UPDATE OF status ON orders FOR EACH ROW
  WHEN (OLD.status IS DISTINCT FROM NEW.status)
  EXECUTE FUNCTION coupon_redemptions_follow_order();--> statement-breakpoint
-- A refunded line gives its coupon use back.
CREATE OR REPLACE FUNCTION coupon_redemptions_follow_refund() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  WITH r AS (
    UPDATE coupon_redemptions SET status = 'released', released_at = now()
    WHERE order_line_id = NEW.order_line_id AND status <> 'released' RETURNING coupon_id)
  UPDATE coupons c SET used = c.used - x.n
  FROM (SELECT coupon_id, count(*)::int AS n FROM r GROUP BY coupon_id) x WHERE c.id = x.coupon_id;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER refunds_coupon_redemptions AFTER UPDATE OF status ON refunds FOR EACH ROW
  WHEN (NEW.status = 'processed' AND OLD.status IS DISTINCT FROM 'processed')
  EXECUTE FUNCTION coupon_redemptions_follow_refund();--> statement-breakpoint
-- A course's trailer shows on its card (its signed link and HLS ladder, public): its transcode state empties the
-- card too, as a lesson video's does; and every card is built again once, now with its trailer.
CREATE OR REPLACE FUNCTION course_cards_media_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM course_cards_stale(ARRAY(
    SELECT DISTINCT s.course_id FROM series r JOIN sections s ON s.id = r.section_id
    WHERE r.video_ref IN (NEW.key, OLD.key)
    UNION SELECT id FROM courses WHERE video_ref IN (NEW.key, OLD.key)));
  RETURN NULL;
END $$;--> statement-breakpoint
UPDATE course_cards SET body = NULL, links = NULL, stamp = nextval('course_card_stamps');
