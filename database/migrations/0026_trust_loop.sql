CREATE TABLE "review_reports" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"review_id" uuid NOT NULL,
	"user_id" text,
	"reason" text NOT NULL,
	"note" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"resolved_at" timestamp with time zone,
	"resolution" text,
	CONSTRAINT "review_reports_reason_check" CHECK ("review_reports"."reason" in ('fake', 'offensive', 'conflict', 'off-topic')),
	CONSTRAINT "review_reports_resolution_check" CHECK ("review_reports"."resolution" is null or "review_reports"."resolution" in ('kept', 'hidden', 'proof')),
	CONSTRAINT "review_reports_note_length_check" CHECK (length("review_reports"."note") <= 1000)
);
--> statement-breakpoint
CREATE TABLE "tours" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"venue_id" uuid NOT NULL,
	"user_id" text,
	"name" text NOT NULL,
	"email" text NOT NULL,
	"starts_at" timestamp with time zone NOT NULL,
	"status" text DEFAULT 'booked' NOT NULL,
	"sequence" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "tours_status_check" CHECK ("tours"."status" in ('booked', 'cancelled'))
);
--> statement-breakpoint
CREATE TABLE "venue_claims" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"venue_id" uuid NOT NULL,
	"user_id" text NOT NULL,
	"method" text NOT NULL,
	"email" text,
	"note" text DEFAULT '' NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"decided_at" timestamp with time zone,
	"decided_by" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "venue_claims_method_check" CHECK ("venue_claims"."method" in ('domain', 'admin')),
	CONSTRAINT "venue_claims_status_check" CHECK ("venue_claims"."status" in ('pending', 'approved', 'rejected')),
	CONSTRAINT "venue_claims_note_length_check" CHECK (length("venue_claims"."note") <= 2000)
);
--> statement-breakpoint
CREATE TABLE "venue_tour_closed_days" (
	"venue_id" uuid NOT NULL,
	"day" date NOT NULL,
	CONSTRAINT "venue_tour_closed_days_venue_id_day_pk" PRIMARY KEY("venue_id","day")
);
--> statement-breakpoint
CREATE TABLE "venue_tour_hours" (
	"venue_id" uuid NOT NULL,
	"weekday" smallint NOT NULL,
	"opens" smallint NOT NULL,
	"closes" smallint NOT NULL,
	CONSTRAINT "venue_tour_hours_venue_id_weekday_pk" PRIMARY KEY("venue_id","weekday"),
	CONSTRAINT "venue_tour_hours_weekday_check" CHECK ("venue_tour_hours"."weekday" between 0 and 6),
	CONSTRAINT "venue_tour_hours_range_check" CHECK (0 <= "venue_tour_hours"."opens" and "venue_tour_hours"."opens" < "venue_tour_hours"."closes" and "venue_tour_hours"."closes" <= 1440)
);
--> statement-breakpoint
ALTER TABLE "email_opt_outs" DROP CONSTRAINT "email_opt_outs_kind_check";--> statement-breakpoint
ALTER TABLE "inquiries" DROP CONSTRAINT "inquiries_status_check";--> statement-breakpoint
ALTER TABLE "reviews" ADD COLUMN "hidden_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "reviews" ADD COLUMN "hidden_reason" text;--> statement-breakpoint
ALTER TABLE "reviews" ADD COLUMN "proof_requested_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "inquiries" ADD COLUMN "read_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "inquiries" ADD COLUMN "decline_reason" text;--> statement-breakpoint
ALTER TABLE "inquiries" ADD COLUMN "review_invited_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "review_reports" ADD CONSTRAINT "review_reports_review_id_reviews_id_fk" FOREIGN KEY ("review_id") REFERENCES "public"."reviews"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "review_reports" ADD CONSTRAINT "review_reports_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tours" ADD CONSTRAINT "tours_venue_id_venues_id_fk" FOREIGN KEY ("venue_id") REFERENCES "public"."venues"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tours" ADD CONSTRAINT "tours_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "venue_claims" ADD CONSTRAINT "venue_claims_venue_id_venues_id_fk" FOREIGN KEY ("venue_id") REFERENCES "public"."venues"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "venue_claims" ADD CONSTRAINT "venue_claims_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "venue_claims" ADD CONSTRAINT "venue_claims_decided_by_users_id_fk" FOREIGN KEY ("decided_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "venue_tour_closed_days" ADD CONSTRAINT "venue_tour_closed_days_venue_id_venues_id_fk" FOREIGN KEY ("venue_id") REFERENCES "public"."venues"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "venue_tour_hours" ADD CONSTRAINT "venue_tour_hours_venue_id_venues_id_fk" FOREIGN KEY ("venue_id") REFERENCES "public"."venues"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "review_reports_review_user_key" ON "review_reports" USING btree ("review_id","user_id");--> statement-breakpoint
CREATE INDEX "review_reports_open_idx" ON "review_reports" USING btree ("created_at") WHERE resolved_at is null;--> statement-breakpoint
CREATE UNIQUE INDEX "tours_slot_key" ON "tours" USING btree ("venue_id","starts_at") WHERE status = 'booked';--> statement-breakpoint
CREATE INDEX "tours_user_idx" ON "tours" USING btree ("user_id","starts_at");--> statement-breakpoint
CREATE INDEX "tours_venue_idx" ON "tours" USING btree ("venue_id","starts_at");--> statement-breakpoint
CREATE INDEX "venue_claims_pending_idx" ON "venue_claims" USING btree ("created_at") WHERE status = 'pending';--> statement-breakpoint
CREATE INDEX "venue_claims_venue_idx" ON "venue_claims" USING btree ("venue_id");--> statement-breakpoint
ALTER TABLE "email_opt_outs" ADD CONSTRAINT "email_opt_outs_kind_check" CHECK ("email_opt_outs"."kind" in ('inquiry', 'review', 'reminder', 'reply', 'decision', 'alert', 'invite'));--> statement-breakpoint
ALTER TABLE "inquiries" ADD CONSTRAINT "inquiries_status_check" CHECK ("inquiries"."status" in ('new', 'replied', 'booked', 'closed', 'declined', 'spam'));--> statement-breakpoint
-- A hidden review (issue 45) leaves the venue's rating and count: the triggers of 0002, minus hidden rows.
CREATE OR REPLACE FUNCTION refresh_venue_review_stats() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE venues v
     SET rating = coalesce(s.avg_rating, 0),
         review_count = coalesce(s.n, 0)
    FROM (
      SELECT ids.venue_id,
             round(avg(r.rating)::numeric, 1)::real AS avg_rating,
             count(r.id)::int AS n
        FROM (SELECT venue_id FROM changed_rows GROUP BY venue_id) ids
        LEFT JOIN reviews r ON r.venue_id = ids.venue_id AND r.hidden_at IS NULL
       GROUP BY ids.venue_id
    ) s
   WHERE v.id = s.venue_id;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION refresh_venue_review_stats_on_update() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE venues v
     SET rating = coalesce(s.avg_rating, 0),
         review_count = coalesce(s.n, 0)
    FROM (
      SELECT ids.venue_id,
             round(avg(r.rating)::numeric, 1)::real AS avg_rating,
             count(r.id)::int AS n
        FROM (SELECT venue_id FROM new_rows UNION SELECT venue_id FROM old_rows) ids
        LEFT JOIN reviews r ON r.venue_id = ids.venue_id AND r.hidden_at IS NULL
       GROUP BY ids.venue_id
    ) s
   WHERE v.id = s.venue_id;
  RETURN NULL;
END;
$$;
