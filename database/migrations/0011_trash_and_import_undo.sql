CREATE TABLE "csv_import_venues" (
	"import_id" uuid NOT NULL,
	"venue_id" uuid NOT NULL,
	"action" text NOT NULL,
	"before" jsonb,
	"after" jsonb,
	"undone_at" timestamp with time zone,
	CONSTRAINT "csv_import_venues_import_id_venue_id_pk" PRIMARY KEY("import_id","venue_id")
);
--> statement-breakpoint
CREATE TABLE "venue_trash" (
	"venue_id" uuid PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"location" text DEFAULT '' NOT NULL,
	"images" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"logo_url" text,
	"deleted_at" timestamp with time zone DEFAULT now() NOT NULL,
	"deleted_by" text,
	"import_id" uuid,
	"snapshot" jsonb NOT NULL
);
--> statement-breakpoint
ALTER TABLE "csv_imports" ADD COLUMN "undone_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "csv_imports" ADD COLUMN "undone_by" text;--> statement-breakpoint
ALTER TABLE "csv_import_venues" ADD CONSTRAINT "csv_import_venues_import_id_csv_imports_id_fk" FOREIGN KEY ("import_id") REFERENCES "public"."csv_imports"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "venue_trash" ADD CONSTRAINT "venue_trash_deleted_by_users_id_fk" FOREIGN KEY ("deleted_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "csv_import_venues_venue_idx" ON "csv_import_venues" USING btree ("venue_id");--> statement-breakpoint
CREATE INDEX "venue_trash_deleted_idx" ON "venue_trash" USING btree ("deleted_at");--> statement-breakpoint
ALTER TABLE "csv_imports" ADD CONSTRAINT "csv_imports_undone_by_users_id_fk" FOREIGN KEY ("undone_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "audit_log_target_idx" ON "audit_log" USING btree ("target_type","target_id");--> statement-breakpoint
-- Until now an import wrote one audit entry per batch; Recent Activity shows one entry per import
-- (issue 22, ADR 023), which each batch now updates. Earlier imports' entries become their first
-- one, with the counts summed and the file's name.
UPDATE audit_log a
   SET details = jsonb_build_object('fileName', coalesce(i.file_name, ''), 'added', s.added, 'updated', s.updated)
  FROM (
    SELECT target_id, min(id) AS first,
           sum(coalesce((details->>'added')::int, 0))::int AS added,
           sum(coalesce((details->>'updated')::int, 0))::int AS updated
      FROM audit_log
     WHERE action = 'venue.import'
     GROUP BY target_id
  ) s
  LEFT JOIN csv_imports i ON i.id::text = s.target_id
 WHERE a.id = s.first;
--> statement-breakpoint
DELETE FROM audit_log a
 WHERE a.action = 'venue.import'
   AND a.id <> (SELECT min(b.id) FROM audit_log b
                 WHERE b.action = 'venue.import' AND b.target_id IS NOT DISTINCT FROM a.target_id);
