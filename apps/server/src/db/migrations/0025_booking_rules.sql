-- Issue 27: booking rules per vehicle (a vehicle without a row keeps today's behaviour), the rules a
-- rental was booked under, the new statuses (Requested, Declined, Expired) and the 'deposits' system
-- account that holds security deposits apart from escrow.
CREATE TABLE "vehicle_booking_rules" (
	"vehicle_id" uuid PRIMARY KEY NOT NULL,
	"booking_mode" text DEFAULT 'instant' NOT NULL,
	"cancellation_policy" text DEFAULT 'flexible' NOT NULL,
	"weekly_discount_percent" smallint DEFAULT 0 NOT NULL,
	"monthly_discount_percent" smallint DEFAULT 0 NOT NULL,
	"min_days" smallint DEFAULT 1 NOT NULL,
	"max_days" smallint,
	"advance_notice_days" smallint DEFAULT 0 NOT NULL,
	"deposit_cents" integer DEFAULT 0 NOT NULL,
	"updated_at" timestamp with time zone NOT NULL,
	CONSTRAINT "vehicle_booking_rules_mode_ck" CHECK ("vehicle_booking_rules"."booking_mode" in ('instant','request')),
	CONSTRAINT "vehicle_booking_rules_policy_ck" CHECK ("vehicle_booking_rules"."cancellation_policy" in ('flexible','moderate','strict')),
	CONSTRAINT "vehicle_booking_rules_values_ck" CHECK ("vehicle_booking_rules"."weekly_discount_percent" between 0 and 90 and "vehicle_booking_rules"."monthly_discount_percent" between 0 and 90
        and "vehicle_booking_rules"."min_days" >= 1 and ("vehicle_booking_rules"."max_days" is null or "vehicle_booking_rules"."max_days" >= "vehicle_booking_rules"."min_days")
        and "vehicle_booking_rules"."advance_notice_days" between 0 and 7 and "vehicle_booking_rules"."deposit_cents" between 0 and 100000)
);
--> statement-breakpoint
ALTER TABLE "ledger_accounts" DROP CONSTRAINT "ledger_accounts_kind_ck";--> statement-breakpoint
ALTER TABLE "rentals" DROP CONSTRAINT "rentals_status_ck";--> statement-breakpoint
ALTER TABLE "rentals" ADD COLUMN "cancellation_policy" text DEFAULT 'flexible' NOT NULL;--> statement-breakpoint
ALTER TABLE "rentals" ADD COLUMN "discount_cents" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "rentals" ADD COLUMN "deposit_cents" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "rentals" ADD COLUMN "deposit_released_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "rentals" ADD COLUMN "request_expires_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "rentals" ADD COLUMN "owner_pending_cents" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "rentals" ADD COLUMN "owner_pending_paid_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "vehicle_booking_rules" ADD CONSTRAINT "vehicle_booking_rules_vehicle_id_vehicles_id_fk" FOREIGN KEY ("vehicle_id") REFERENCES "public"."vehicles"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "rentals_requested_expiry_idx" ON "rentals" USING btree ("request_expires_at") WHERE "rentals"."status" = 'Requested';--> statement-breakpoint
ALTER TABLE "ledger_accounts" ADD CONSTRAINT "ledger_accounts_kind_ck" CHECK ("ledger_accounts"."kind" in ('wallet','escrow','company_revenue','external','payouts','deposits'));--> statement-breakpoint
ALTER TABLE "rentals" ADD CONSTRAINT "rentals_money_ck" CHECK ("rentals"."discount_cents" >= 0 and "rentals"."deposit_cents" >= 0 and "rentals"."owner_pending_cents" >= 0);--> statement-breakpoint
ALTER TABLE "rentals" ADD CONSTRAINT "rentals_status_ck" CHECK ("rentals"."status" in ('Requested','Active','Completed','Cancelled','Declined','Expired'));--> statement-breakpoint
INSERT INTO "ledger_accounts" ("kind") VALUES ('deposits') ON CONFLICT DO NOTHING;
