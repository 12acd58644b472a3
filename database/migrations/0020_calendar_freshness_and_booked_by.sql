ALTER TABLE "venue_availability" ADD COLUMN "inquiry_id" uuid;--> statement-breakpoint
ALTER TABLE "venue_availability" ADD COLUMN "note" text;--> statement-breakpoint
ALTER TABLE "venues" ADD COLUMN "calendar_updated_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "venue_availability" ADD CONSTRAINT "venue_availability_inquiry_id_inquiries_id_fk" FOREIGN KEY ("inquiry_id") REFERENCES "public"."inquiries"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "venue_availability_inquiry_idx" ON "venue_availability" USING btree ("inquiry_id") WHERE "venue_availability"."inquiry_id" is not null;--> statement-breakpoint
ALTER TABLE "venue_availability" ADD CONSTRAINT "venue_availability_note_check" CHECK (char_length("venue_availability"."note") <= 200);--> statement-breakpoint
-- A calendar filled before this column (issue 41) counts as touched at its last written range.
UPDATE "venues" v SET "calendar_updated_at" = a.last
  FROM (SELECT "venue_id", max("created_at") AS last FROM "venue_availability" GROUP BY "venue_id") a
  WHERE a."venue_id" = v."id";
