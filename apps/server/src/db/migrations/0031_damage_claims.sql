-- Damage claims on deposits (issue 27, ADR 021): one per rental; the owner's claim, the renter's answer, an employee's decision.
CREATE TABLE "damage_claims" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"rental_id" uuid NOT NULL,
	"owner_id" uuid NOT NULL,
	"renter_id" uuid NOT NULL,
	"description" text NOT NULL,
	"amount_cents" integer NOT NULL,
	"photos" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"opened_at" timestamp with time zone NOT NULL,
	"answer" text,
	"answer_photos" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"answered_at" timestamp with time zone,
	"status" text DEFAULT 'open' NOT NULL,
	"owner_paid_cents" integer,
	"decision_reason" text,
	"decided_by" uuid,
	"decided_at" timestamp with time zone,
	CONSTRAINT "damage_claims_status_ck" CHECK ("damage_claims"."status" in ('open','decided')),
	CONSTRAINT "damage_claims_amount_ck" CHECK ("damage_claims"."amount_cents" > 0),
	CONSTRAINT "damage_claims_decision_ck" CHECK (("damage_claims"."status" = 'open' and "damage_claims"."decided_at" is null and "damage_claims"."owner_paid_cents" is null)
        or ("damage_claims"."status" = 'decided' and "damage_claims"."decided_at" is not null and "damage_claims"."owner_paid_cents" between 0 and "damage_claims"."amount_cents"))
);
--> statement-breakpoint
ALTER TABLE "damage_claims" ADD CONSTRAINT "damage_claims_rental_id_rentals_id_fk" FOREIGN KEY ("rental_id") REFERENCES "public"."rentals"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "damage_claims" ADD CONSTRAINT "damage_claims_owner_id_users_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "damage_claims" ADD CONSTRAINT "damage_claims_renter_id_users_id_fk" FOREIGN KEY ("renter_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "damage_claims" ADD CONSTRAINT "damage_claims_decided_by_users_id_fk" FOREIGN KEY ("decided_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "damage_claims_rental_uq" ON "damage_claims" USING btree ("rental_id");--> statement-breakpoint
CREATE INDEX "damage_claims_open_idx" ON "damage_claims" USING btree ("opened_at") WHERE "damage_claims"."status" = 'open';