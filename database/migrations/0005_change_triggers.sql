-- Records which venues changed, for in-process caches (the search index, ADR 005). Each statement
-- that changes what the search reads of a venue bumps cache_versions('venues') and records the
-- changed ids under the new version, in the same transaction: the version row's lock orders the
-- writers, so versions become visible in order and together with the data they describe.
-- Statements that change nothing the search reads (updated_at, images, contact details) record
-- nothing. Only the last 1000 versions are kept; a reader further behind reloads everything.
CREATE FUNCTION record_changed_venues(ids uuid[]) RETURNS void LANGUAGE plpgsql AS $$
DECLARE
  v bigint;
BEGIN
  INSERT INTO cache_versions AS c (name, version) VALUES ('venues', 1)
    ON CONFLICT (name) DO UPDATE SET version = c.version + 1
    RETURNING c.version INTO v;
  INSERT INTO venue_changes (version, venue_id) SELECT DISTINCT v, x FROM unnest(ids) AS x;
  DELETE FROM venue_changes WHERE version <= v - 1000;
END;
$$;
--> statement-breakpoint
CREATE FUNCTION record_venue_inserts() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF EXISTS (SELECT 1 FROM new_rows) THEN
    PERFORM record_changed_venues(ARRAY(SELECT id FROM new_rows));
  END IF;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE FUNCTION record_venue_deletes() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF EXISTS (SELECT 1 FROM old_rows) THEN
    PERFORM record_changed_venues(ARRAY(SELECT id FROM old_rows));
  END IF;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE FUNCTION record_venue_updates() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  ids uuid[];
BEGIN
  ids := ARRAY(
    SELECT coalesce(n.id, o.id)
      FROM new_rows n FULL JOIN old_rows o ON o.id = n.id
     WHERE n.id IS NULL OR o.id IS NULL
        OR (n.name, n.location, n.description, n.region, n.capacity, n.price_low, n.price_per_event,
            n.category_id, n.amenities, n.is_approved, n.is_featured, n.rating, n.review_count,
            n.latitude, n.longitude)
           IS DISTINCT FROM
           (o.name, o.location, o.description, o.region, o.capacity, o.price_low, o.price_per_event,
            o.category_id, o.amenities, o.is_approved, o.is_featured, o.rating, o.review_count,
            o.latitude, o.longitude)
  );
  IF cardinality(ids) > 0 THEN
    PERFORM record_changed_venues(ids);
  END IF;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
-- A venue type's name is part of the free-text search: any change to the types bumps the version
-- (with no venue ids), and readers reload the type names.
CREATE FUNCTION record_category_changes() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM record_changed_venues('{}'::uuid[]);
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER venues_changes_insert AFTER INSERT ON venues
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION record_venue_inserts();
--> statement-breakpoint
CREATE TRIGGER venues_changes_update AFTER UPDATE ON venues
  REFERENCING NEW TABLE AS new_rows OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION record_venue_updates();
--> statement-breakpoint
CREATE TRIGGER venues_changes_delete AFTER DELETE ON venues
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION record_venue_deletes();
--> statement-breakpoint
CREATE TRIGGER venue_categories_changes AFTER INSERT OR UPDATE OR DELETE ON venue_categories
  FOR EACH STATEMENT EXECUTE FUNCTION record_category_changes();
