-- venues.rating and venues.review_count are derived from reviews here, and only here.
-- Statement-level triggers with transition tables so bulk inserts (seed, imports) recompute once per venue.
CREATE FUNCTION refresh_venue_review_stats() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE venues v
     SET rating = coalesce(s.avg_rating, 0),
         review_count = coalesce(s.n, 0)
    FROM (
      SELECT ids.venue_id,
             round(avg(r.rating)::numeric, 1)::real AS avg_rating,
             count(r.id)::int AS n
        FROM (SELECT venue_id FROM changed_rows GROUP BY venue_id) ids
        LEFT JOIN reviews r ON r.venue_id = ids.venue_id
       GROUP BY ids.venue_id
    ) s
   WHERE v.id = s.venue_id;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER reviews_stats_insert AFTER INSERT ON reviews
  REFERENCING NEW TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION refresh_venue_review_stats();
--> statement-breakpoint
CREATE TRIGGER reviews_stats_delete AFTER DELETE ON reviews
  REFERENCING OLD TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION refresh_venue_review_stats();
--> statement-breakpoint
CREATE FUNCTION refresh_venue_review_stats_on_update() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE venues v
     SET rating = coalesce(s.avg_rating, 0),
         review_count = coalesce(s.n, 0)
    FROM (
      SELECT ids.venue_id,
             round(avg(r.rating)::numeric, 1)::real AS avg_rating,
             count(r.id)::int AS n
        FROM (SELECT venue_id FROM new_rows UNION SELECT venue_id FROM old_rows) ids
        LEFT JOIN reviews r ON r.venue_id = ids.venue_id
       GROUP BY ids.venue_id
    ) s
   WHERE v.id = s.venue_id;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER reviews_stats_update AFTER UPDATE ON reviews
  REFERENCING NEW TABLE AS new_rows OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION refresh_venue_review_stats_on_update();
