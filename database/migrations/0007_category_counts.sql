CREATE TABLE "venue_category_counts" (
	"category_id" uuid PRIMARY KEY NOT NULL,
	"approved_venues" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
ALTER TABLE "venue_category_counts" ADD CONSTRAINT "venue_category_counts_category_id_venue_categories_id_fk" FOREIGN KEY ("category_id") REFERENCES "public"."venue_categories"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "venues_approved_category_order_idx" ON "venues" USING btree ("category_id","is_featured" DESC NULLS FIRST,"rating" DESC NULLS FIRST,"name","id") WHERE is_approved;