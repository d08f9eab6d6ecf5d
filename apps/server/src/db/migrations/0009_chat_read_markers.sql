-- Chat read state (the header's unread badge): how far each user has read each partner's messages.
CREATE TABLE IF NOT EXISTS "chat_read_markers" (
	"user_id" uuid NOT NULL,
	"partner_id" uuid NOT NULL,
	"last_read_seq" bigint NOT NULL,
	CONSTRAINT "chat_read_markers_user_id_partner_id_pk" PRIMARY KEY("user_id","partner_id")
);
--> statement-breakpoint
ALTER TABLE "chat_read_markers" ADD CONSTRAINT "chat_read_markers_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "chat_read_markers" ADD CONSTRAINT "chat_read_markers_partner_id_users_id_fk" FOREIGN KEY ("partner_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;
--> statement-breakpoint
-- Unread counts read a user's received messages by sender past the marker from this index alone.
CREATE INDEX IF NOT EXISTS "chat_messages_receiver_sender_seq_idx" ON "chat_messages" USING btree ("receiver_id","sender_id","seq");
--> statement-breakpoint
-- Messages sent before read tracking existed were seen on the chat screen: they count as read, so
-- nobody meets a badge for old conversations when this ships.
INSERT INTO "chat_read_markers" ("user_id", "partner_id", "last_read_seq")
SELECT "receiver_id", "sender_id", max("seq") FROM "chat_messages" GROUP BY "receiver_id", "sender_id"
ON CONFLICT DO NOTHING;
