-- Every writer takes the version rows of cache_versions in one order, 'content' before 'venues',
-- so two statements that both need them wait for each other instead of deadlocking. A review's
-- statement bumped 'content' (reviews_content_version) and then, through its venue's rating,
-- 'venues'; a venue's own statement bumped 'venues' (venues_changes_*) before 'content'
-- (venues_content_version: triggers fire in name order). A change to what the search reads of a
-- venue is a change to what its pages show, so recording it bumps the content version first; the
-- content trigger that follows in the same transaction bumps it again, which costs nothing.
CREATE OR REPLACE FUNCTION record_changed_venues(ids uuid[]) RETURNS void LANGUAGE plpgsql AS $$
DECLARE
  v bigint;
BEGIN
  INSERT INTO cache_versions AS c (name, version) VALUES ('content', 1)
    ON CONFLICT (name) DO UPDATE SET version = c.version + 1;
  INSERT INTO cache_versions AS c (name, version) VALUES ('venues', 1)
    ON CONFLICT (name) DO UPDATE SET version = c.version + 1
    RETURNING c.version INTO v;
  INSERT INTO venue_changes (version, venue_id) SELECT DISTINCT v, x FROM unnest(ids) AS x;
  DELETE FROM venue_changes WHERE version <= v - 1000;
END;
$$;
