CREATE TABLE "venue_availability" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"venue_id" uuid NOT NULL,
	"starts_on" date NOT NULL,
	"ends_on" date NOT NULL,
	"status" text NOT NULL,
	"source" text DEFAULT 'manual' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "venue_availability_status_check" CHECK ("venue_availability"."status" in ('held', 'booked')),
	CONSTRAINT "venue_availability_order_check" CHECK ("venue_availability"."ends_on" >= "venue_availability"."starts_on")
);
--> statement-breakpoint
CREATE TABLE "venue_calendar_feeds" (
	"venue_id" uuid PRIMARY KEY NOT NULL,
	"token" text NOT NULL,
	"rotated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "venue_closures" (
	"venue_id" uuid NOT NULL,
	"month" smallint NOT NULL,
	CONSTRAINT "venue_closures_venue_id_month_pk" PRIMARY KEY("venue_id","month"),
	CONSTRAINT "venue_closures_month_check" CHECK ("venue_closures"."month" between 1 and 12)
);
--> statement-breakpoint
ALTER TABLE "venue_availability" ADD CONSTRAINT "venue_availability_venue_id_venues_id_fk" FOREIGN KEY ("venue_id") REFERENCES "public"."venues"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "venue_calendar_feeds" ADD CONSTRAINT "venue_calendar_feeds_venue_id_venues_id_fk" FOREIGN KEY ("venue_id") REFERENCES "public"."venues"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "venue_closures" ADD CONSTRAINT "venue_closures_venue_id_venues_id_fk" FOREIGN KEY ("venue_id") REFERENCES "public"."venues"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "venue_availability_venue_idx" ON "venue_availability" USING btree ("venue_id","starts_on");--> statement-breakpoint
CREATE INDEX "venue_availability_days_idx" ON "venue_availability" USING gist (daterange("starts_on", "ends_on", '[]'));--> statement-breakpoint
CREATE UNIQUE INDEX "venue_calendar_feeds_token_key" ON "venue_calendar_feeds" USING btree ("token");--> statement-breakpoint
CREATE INDEX "venue_closures_month_idx" ON "venue_closures" USING btree ("month");--> statement-breakpoint
-- The date filter runs over the in-memory search index (ADR 005), which holds each venue's coming
-- ranges and closed months (ADR 030): a statement that changes them records the venues it touched
-- as changed (migration 0005's log), so every server's index re-reads just those venues.
CREATE FUNCTION record_availability_inserts() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF EXISTS (SELECT 1 FROM new_rows) THEN
    PERFORM record_changed_venues(ARRAY(SELECT DISTINCT venue_id FROM new_rows));
  END IF;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE FUNCTION record_availability_deletes() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF EXISTS (SELECT 1 FROM old_rows) THEN
    PERFORM record_changed_venues(ARRAY(SELECT DISTINCT venue_id FROM old_rows));
  END IF;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE FUNCTION record_availability_updates() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF EXISTS (SELECT 1 FROM new_rows) THEN
    PERFORM record_changed_venues(ARRAY(
      SELECT venue_id FROM new_rows UNION SELECT venue_id FROM old_rows));
  END IF;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER venue_availability_inserts AFTER INSERT ON venue_availability
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION record_availability_inserts();
--> statement-breakpoint
CREATE TRIGGER venue_availability_deletes AFTER DELETE ON venue_availability
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION record_availability_deletes();
--> statement-breakpoint
CREATE TRIGGER venue_availability_updates AFTER UPDATE ON venue_availability
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION record_availability_updates();
--> statement-breakpoint
CREATE TRIGGER venue_closures_inserts AFTER INSERT ON venue_closures
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION record_availability_inserts();
--> statement-breakpoint
CREATE TRIGGER venue_closures_deletes AFTER DELETE ON venue_closures
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION record_availability_deletes();
--> statement-breakpoint
CREATE TRIGGER venue_closures_updates AFTER UPDATE ON venue_closures
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION record_availability_updates();
--> statement-breakpoint
-- The venue page shows the next 12 months: its cached copies (ADR 010) must follow.
CREATE TRIGGER venue_availability_content_version AFTER INSERT OR UPDATE OR DELETE ON venue_availability
  FOR EACH STATEMENT EXECUTE FUNCTION bump_content_version();
--> statement-breakpoint
CREATE TRIGGER venue_closures_content_version AFTER INSERT OR UPDATE OR DELETE ON venue_closures
  FOR EACH STATEMENT EXECUTE FUNCTION bump_content_version();
