CREATE TABLE "cache_versions" (
	"name" text PRIMARY KEY NOT NULL,
	"version" bigint DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "venue_changes" (
	"version" bigint NOT NULL,
	"venue_id" uuid NOT NULL,
	CONSTRAINT "venue_changes_version_venue_id_pk" PRIMARY KEY("version","venue_id")
);
