CREATE TABLE "venue_search_terms" (
	"venue_id" uuid NOT NULL,
	"day" date NOT NULL,
	"term" text NOT NULL,
	"views" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "venue_search_terms_venue_id_day_term_pk" PRIMARY KEY("venue_id","day","term")
);
--> statement-breakpoint
CREATE TABLE "venue_view_visitors" (
	"day" date NOT NULL,
	"visitor" text NOT NULL,
	CONSTRAINT "venue_view_visitors_day_visitor_pk" PRIMARY KEY("day","visitor")
);
--> statement-breakpoint
ALTER TABLE "venue_search_terms" ADD CONSTRAINT "venue_search_terms_venue_id_venues_id_fk" FOREIGN KEY ("venue_id") REFERENCES "public"."venues"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "venue_daily_stats_day_idx" ON "venue_daily_stats" USING btree ("day");