-- Keys the server signs with, shared by every instance (the first instance to need one makes it):
-- 'known_device' signs the cookie that exempts a browser from the per-account sign-in lock.
CREATE TABLE IF NOT EXISTS "server_keys" (
	"name" text PRIMARY KEY NOT NULL,
	"secret" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
