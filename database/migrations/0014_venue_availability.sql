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
-- The date filter keeps the venues blocked on a day in memory per availability version (ADR 030);
-- any statement that changes a range or a closure bumps it in its own transaction, once per
-- statement. The venue page shows the next 12 months, so the content version (ADR 010) moves too.
CREATE FUNCTION bump_availability_version() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO cache_versions AS c (name, version) VALUES ('availability', 1)
    ON CONFLICT (name) DO UPDATE SET version = c.version + 1;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER venue_availability_version AFTER INSERT OR UPDATE OR DELETE ON venue_availability
  FOR EACH STATEMENT EXECUTE FUNCTION bump_availability_version();
--> statement-breakpoint
CREATE TRIGGER venue_closures_version AFTER INSERT OR UPDATE OR DELETE ON venue_closures
  FOR EACH STATEMENT EXECUTE FUNCTION bump_availability_version();
--> statement-breakpoint
CREATE TRIGGER venue_availability_content_version AFTER INSERT OR UPDATE OR DELETE ON venue_availability
  FOR EACH STATEMENT EXECUTE FUNCTION bump_content_version();
--> statement-breakpoint
CREATE TRIGGER venue_closures_content_version AFTER INSERT OR UPDATE OR DELETE ON venue_closures
  FOR EACH STATEMENT EXECUTE FUNCTION bump_content_version();
