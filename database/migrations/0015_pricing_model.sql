-- A venue's pricing model (issue 24, ADR 031): base rental fee, per-guest price, minimum spend,
-- peak months with their surcharge and the weekday discount, as one jsonb value beside the spec's
-- price fields. The search index reads it (and the price text, for 'Starting at $2,500'), so the
-- change log's trigger now records changes to those columns too.
ALTER TABLE "venues" ADD COLUMN "pricing_model" jsonb;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION record_venue_updates() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  ids uuid[];
BEGIN
  ids := ARRAY(
    SELECT coalesce(n.id, o.id)
      FROM new_rows n FULL JOIN old_rows o ON o.id = n.id
     WHERE n.id IS NULL OR o.id IS NULL
        OR (n.name, n.location, n.description, n.region, n.capacity, n.price_low, n.price_per_event,
            n.category_id, n.amenities, n.is_approved, n.is_featured, n.rating, n.review_count,
            n.latitude, n.longitude, n.price_high, n.price_range, n.pricing_model)
           IS DISTINCT FROM
           (o.name, o.location, o.description, o.region, o.capacity, o.price_low, o.price_per_event,
            o.category_id, o.amenities, o.is_approved, o.is_featured, o.rating, o.review_count,
            o.latitude, o.longitude, o.price_high, o.price_range, o.pricing_model)
  );
  IF cardinality(ids) > 0 THEN
    PERFORM record_changed_venues(ids);
  END IF;
  RETURN NULL;
END;
$$;
