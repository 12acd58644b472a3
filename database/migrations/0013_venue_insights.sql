CREATE TABLE "venue_search_terms" (
	"venue_id" uuid NOT NULL,
	"day" date NOT NULL,
	"term" text NOT NULL,
	"views" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "venue_search_terms_venue_id_day_term_pk" PRIMARY KEY("venue_id","day","term")
);
--> statement-breakpoint
CREATE TABLE "venue_view_visitors" (
	"day" date NOT NULL,
	"visitor" text NOT NULL,
	CONSTRAINT "venue_view_visitors_day_visitor_pk" PRIMARY KEY("day","visitor")
);
--> statement-breakpoint
ALTER TABLE "venue_search_terms" ADD CONSTRAINT "venue_search_terms_venue_id_venues_id_fk" FOREIGN KEY ("venue_id") REFERENCES "public"."venues"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "venue_daily_stats_day_idx" ON "venue_daily_stats" USING btree ("day");--> statement-breakpoint
-- Counts a view of a venue page (ADR 029): the visitor's hash is inserted for the day, and only
-- when it was not there yet (their first view of the venue today) do the day's views, and the
-- views from the words searched for, go up by one. An approved venue only. Returns whether it
-- counted. In a function, its statements are planned once per connection, not on every view; and
-- a count lost in a crash costs less than every view waiting for the disk, so its commit does not
-- wait for the WAL to be flushed.
CREATE FUNCTION count_venue_view(venue uuid, today date, visitor_hash text, search_term text)
RETURNS boolean LANGUAGE plpgsql AS $$
BEGIN
  PERFORM set_config('synchronous_commit', 'off', true);
  INSERT INTO venue_view_visitors (day, visitor)
    SELECT today, visitor_hash FROM venues WHERE id = venue AND is_approved
    ON CONFLICT DO NOTHING;
  IF NOT FOUND THEN
    RETURN false;
  END IF;
  INSERT INTO venue_daily_stats AS s (venue_id, day, views) VALUES (venue, today, 1)
    ON CONFLICT (venue_id, day) DO UPDATE SET views = s.views + 1;
  IF search_term IS NOT NULL THEN
    INSERT INTO venue_search_terms AS t (venue_id, day, term, views) VALUES (venue, today, search_term, 1)
      ON CONFLICT (venue_id, day, term) DO UPDATE SET views = t.views + 1;
  END IF;
  RETURN true;
END;
$$;
