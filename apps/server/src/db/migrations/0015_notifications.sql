-- Notifications: written in the transaction of the event that causes them, listed newest first,
-- counted unread from a partial index; unread chat messages from one sender are one row.
CREATE TABLE IF NOT EXISTS "notifications" (
  "id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
  "seq" bigserial NOT NULL,
  "user_id" uuid NOT NULL REFERENCES "users"("id"),
  "type" text NOT NULL,
  "text" text NOT NULL,
  "link" text NOT NULL,
  "subject_id" uuid,
  "created_on" timestamp with time zone NOT NULL,
  "read_at" timestamp with time zone,
  CONSTRAINT "notifications_text_ck" CHECK (length("text") <= 500)
);
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "notifications_user_idx" ON "notifications" ("user_id", "created_on", "seq");
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "notifications_unread_idx" ON "notifications" ("user_id") WHERE "read_at" is null;
--> statement-breakpoint
CREATE UNIQUE INDEX IF NOT EXISTS "notifications_chat_unread_uq" ON "notifications" ("user_id", "subject_id")
  WHERE "type" = 'chat-message' and "read_at" is null;
