-- Failed sign-in attempts per account, shared by every instance (the per-account login throttle).
CREATE TABLE IF NOT EXISTS "login_throttle" (
	"key" text PRIMARY KEY NOT NULL,
	"failures" integer NOT NULL,
	"locked_until" timestamp with time zone,
	"expires_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "login_throttle_expires_idx" ON "login_throttle" USING btree ("expires_at");
