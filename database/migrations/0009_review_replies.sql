CREATE TABLE "review_replies" (
	"review_id" uuid PRIMARY KEY NOT NULL,
	"user_id" text,
	"body" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "review_replies" ADD CONSTRAINT "review_replies_review_id_reviews_id_fk" FOREIGN KEY ("review_id") REFERENCES "public"."reviews"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "review_replies" ADD CONSTRAINT "review_replies_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
-- A reply shows on the public venue page: it bumps the page cache's content version (ADR 010).
CREATE TRIGGER review_replies_content_version AFTER INSERT OR UPDATE OR DELETE ON review_replies
  FOR EACH STATEMENT EXECUTE FUNCTION bump_content_version();
