-- Approved venues per venue type, kept in venue_category_counts by statement-level triggers on
-- venues (ADR 014), so the home page, /categories and a type's page read a dozen small rows
-- instead of counting 100,000 venues on every request. A bulk statement (seed, CSV import)
-- applies one delta per type. Deltas go through one upsert, in category order (no deadlocks
-- between two bulk writers), and only for types that still exist: when a type is deleted, its
-- venues' category_id is set null by the foreign key after the type's row (and its count row)
-- are gone, and that update must not bring the count row back.
CREATE FUNCTION add_to_category_counts(ids uuid[], deltas int[]) RETURNS void LANGUAGE sql AS $$
  INSERT INTO venue_category_counts AS c (category_id, approved_venues)
  SELECT d.id, sum(d.delta)::int
    FROM unnest(ids, deltas) AS d(id, delta)
    JOIN venue_categories vc ON vc.id = d.id
   GROUP BY d.id
  HAVING sum(d.delta) <> 0
   ORDER BY d.id
  ON CONFLICT (category_id) DO UPDATE SET approved_venues = c.approved_venues + excluded.approved_venues;
$$;
--> statement-breakpoint
CREATE FUNCTION count_inserted_venues() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM add_to_category_counts(
    ARRAY(SELECT category_id FROM new_rows WHERE is_approved AND category_id IS NOT NULL),
    ARRAY(SELECT 1 FROM new_rows WHERE is_approved AND category_id IS NOT NULL));
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE FUNCTION count_deleted_venues() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM add_to_category_counts(
    ARRAY(SELECT category_id FROM old_rows WHERE is_approved AND category_id IS NOT NULL),
    ARRAY(SELECT -1 FROM old_rows WHERE is_approved AND category_id IS NOT NULL));
  RETURN NULL;
END;
$$;
--> statement-breakpoint
-- Only rows whose approval or type changed move a count: +1 to the new type, -1 to the old one.
CREATE FUNCTION count_updated_venues() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  ids uuid[];
  deltas int[];
BEGIN
  SELECT coalesce(array_agg(x.category_id), '{}'), coalesce(array_agg(x.delta), '{}')
    INTO ids, deltas
    FROM (
      SELECT n.category_id, 1 AS delta
        FROM new_rows n JOIN old_rows o ON o.id = n.id
       WHERE n.is_approved AND n.category_id IS NOT NULL
         AND (NOT o.is_approved OR o.category_id IS DISTINCT FROM n.category_id)
      UNION ALL
      SELECT o.category_id, -1
        FROM old_rows o JOIN new_rows n ON n.id = o.id
       WHERE o.is_approved AND o.category_id IS NOT NULL
         AND (NOT n.is_approved OR n.category_id IS DISTINCT FROM o.category_id)
    ) x;
  IF cardinality(ids) > 0 THEN
    PERFORM add_to_category_counts(ids, deltas);
  END IF;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE FUNCTION count_truncated_venues() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE venue_category_counts SET approved_venues = 0 WHERE approved_venues <> 0;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER venues_category_counts_insert AFTER INSERT ON venues
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION count_inserted_venues();
--> statement-breakpoint
CREATE TRIGGER venues_category_counts_update AFTER UPDATE ON venues
  REFERENCING NEW TABLE AS new_rows OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION count_updated_venues();
--> statement-breakpoint
CREATE TRIGGER venues_category_counts_delete AFTER DELETE ON venues
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION count_deleted_venues();
--> statement-breakpoint
CREATE TRIGGER venues_category_counts_truncate AFTER TRUNCATE ON venues
  FOR EACH STATEMENT EXECUTE FUNCTION count_truncated_venues();
--> statement-breakpoint
INSERT INTO venue_category_counts (category_id, approved_venues)
SELECT c.id, count(v.id)::int
  FROM venue_categories c
  LEFT JOIN venues v ON v.category_id = c.id AND v.is_approved
 GROUP BY c.id;
