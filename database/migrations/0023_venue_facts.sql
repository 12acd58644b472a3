-- Facts a couple plans on and when the venue confirmed them (issue 43): capacity by layout and
-- the house rules as one jsonb value (lib/venue-facts.ts), and the date of the last confirmation
-- of the prices and facts. A model saved before this migration was saved by a manager or an
-- admin: its last save confirmed it. The search index filters on the facts (seated capacity,
-- outside catering), so the change log's trigger now records changes to them too.
ALTER TABLE "venues" ADD COLUMN "facts" jsonb;--> statement-breakpoint
ALTER TABLE "venues" ADD COLUMN "confirmed_at" timestamp with time zone;--> statement-breakpoint
UPDATE "venues" SET "confirmed_at" = "updated_at" WHERE "pricing_model" IS NOT NULL;--> statement-breakpoint
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
            n.latitude, n.longitude, n.price_high, n.price_range, n.pricing_model, n.facts)
           IS DISTINCT FROM
           (o.name, o.location, o.description, o.region, o.capacity, o.price_low, o.price_per_event,
            o.category_id, o.amenities, o.is_approved, o.is_featured, o.rating, o.review_count,
            o.latitude, o.longitude, o.price_high, o.price_range, o.pricing_model, o.facts)
  );
  IF cardinality(ids) > 0 THEN
    PERFORM record_changed_venues(ids);
  END IF;
  RETURN NULL;
END;
$$;
