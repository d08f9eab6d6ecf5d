-- Owners block days (a service, a holiday). A blocked day is a rental_days row without a rental, so
-- the primary key (vehicle_id, day) that already refuses a day booked twice also refuses a day both
-- blocked and booked, whatever the race; and the search change triggers on rental_days log blocked
-- days as they log bookings, so the search treats them as taken.
ALTER TABLE "rental_days" ALTER COLUMN "rental_id" DROP NOT NULL;
--> statement-breakpoint
ALTER TABLE "rental_days" ADD COLUMN IF NOT EXISTS "blocked_by" uuid REFERENCES "users"("id");
--> statement-breakpoint
ALTER TABLE "rental_days" ADD CONSTRAINT "rental_days_booked_or_blocked_ck" CHECK (("rental_id" IS NULL) <> ("blocked_by" IS NULL));
