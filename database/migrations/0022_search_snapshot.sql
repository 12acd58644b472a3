CREATE TABLE "search_snapshot" (
	"part" integer PRIMARY KEY NOT NULL,
	"version" bigint NOT NULL,
	"data" "bytea" NOT NULL
);
--> statement-breakpoint
-- Binary that compresses poorly: stored out of line as it is, without a compression attempt.
ALTER TABLE "search_snapshot" ALTER COLUMN "data" SET STORAGE EXTERNAL;