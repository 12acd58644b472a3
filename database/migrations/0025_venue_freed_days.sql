CREATE TABLE "venue_freed_days" (
	"venue_id" uuid NOT NULL,
	"starts_on" date NOT NULL,
	"ends_on" date NOT NULL,
	"changed_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "venue_freed_days" ADD CONSTRAINT "venue_freed_days_venue_id_venues_id_fk" FOREIGN KEY ("venue_id") REFERENCES "public"."venues"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "venue_freed_days_changed_idx" ON "venue_freed_days" USING btree ("changed_at");--> statement-breakpoint
CREATE INDEX "venues_changed_idx" ON "venues" USING btree (greatest("updated_at", "approved_at", "calendar_updated_at"));