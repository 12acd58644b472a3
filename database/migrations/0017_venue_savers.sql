CREATE TABLE "venue_savers" (
	"venue_id" uuid NOT NULL,
	"user_id" text NOT NULL,
	CONSTRAINT "venue_savers_venue_id_user_id_pk" PRIMARY KEY("venue_id","user_id")
);
--> statement-breakpoint
ALTER TABLE "venue_savers" ADD CONSTRAINT "venue_savers_venue_id_venues_id_fk" FOREIGN KEY ("venue_id") REFERENCES "public"."venues"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "venue_savers" ADD CONSTRAINT "venue_savers_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "venue_savers_user_id_idx" ON "venue_savers" USING btree ("user_id");
--> statement-breakpoint
-- Hand-written (ADR 029): every account that has a venue saved today was counted when it saved
-- it, so it starts out as counted; saving that venue again after removing it adds nothing.
INSERT INTO "venue_savers" ("venue_id", "user_id") SELECT "venue_id", "user_id" FROM "favorites" ON CONFLICT DO NOTHING;
