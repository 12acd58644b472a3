CREATE TABLE "used_form_stamps" (
	"id" text PRIMARY KEY NOT NULL,
	"issued_at" timestamp with time zone NOT NULL
);
