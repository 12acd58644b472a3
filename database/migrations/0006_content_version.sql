-- The content version that in-process page caches compare against (ADR 010): any statement that
-- changes what a public page shows (venues, reviews, FAQs, venue types, amenities) bumps it in
-- its own transaction. Statement-level, so a bulk import bumps it once.
CREATE FUNCTION bump_content_version() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO cache_versions AS c (name, version) VALUES ('content', 1)
    ON CONFLICT (name) DO UPDATE SET version = c.version + 1;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER venues_content_version AFTER INSERT OR UPDATE OR DELETE ON venues
  FOR EACH STATEMENT EXECUTE FUNCTION bump_content_version();
--> statement-breakpoint
CREATE TRIGGER reviews_content_version AFTER INSERT OR UPDATE OR DELETE ON reviews
  FOR EACH STATEMENT EXECUTE FUNCTION bump_content_version();
--> statement-breakpoint
CREATE TRIGGER venue_faqs_content_version AFTER INSERT OR UPDATE OR DELETE ON venue_faqs
  FOR EACH STATEMENT EXECUTE FUNCTION bump_content_version();
--> statement-breakpoint
CREATE TRIGGER venue_categories_content_version AFTER INSERT OR UPDATE OR DELETE ON venue_categories
  FOR EACH STATEMENT EXECUTE FUNCTION bump_content_version();
--> statement-breakpoint
CREATE TRIGGER venue_amenities_content_version AFTER INSERT OR UPDATE OR DELETE ON venue_amenities
  FOR EACH STATEMENT EXECUTE FUNCTION bump_content_version();
--> statement-breakpoint
-- User names and avatars show on reviews.
CREATE TRIGGER users_content_version AFTER UPDATE OF name, avatar_url ON users
  FOR EACH STATEMENT EXECUTE FUNCTION bump_content_version();
