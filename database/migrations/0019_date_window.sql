-- Hand-written (issue 39): before the storage window (1900-01-01 to 2200-12-31, app/lib/dates.ts)
-- a day outside it could be marked or sent. Ranges wholly outside it go, ranges across one of its
-- ends are cut there, and a wedding date outside it is forgotten (the inquiry stays), so that the
-- constraints generated below hold.
DELETE FROM "venue_availability" WHERE "ends_on" < date '1900-01-01' OR "starts_on" > date '2200-12-31';--> statement-breakpoint
UPDATE "venue_availability"
  SET "starts_on" = greatest("starts_on", date '1900-01-01'), "ends_on" = least("ends_on", date '2200-12-31')
  WHERE "starts_on" < date '1900-01-01' OR "ends_on" > date '2200-12-31';--> statement-breakpoint
UPDATE "inquiries" SET "wedding_date" = NULL
  WHERE "wedding_date" < date '1900-01-01' OR "wedding_date" > date '2200-12-31';--> statement-breakpoint
ALTER TABLE "inquiries" ADD CONSTRAINT "inquiries_wedding_date_check" CHECK ("inquiries"."wedding_date" is null or "inquiries"."wedding_date" between '1900-01-01' and '2200-12-31');--> statement-breakpoint
ALTER TABLE "venue_availability" ADD CONSTRAINT "venue_availability_window_check" CHECK ("venue_availability"."starts_on" >= '1900-01-01' and "venue_availability"."ends_on" <= '2200-12-31');