-- Issue 27: who cancelled a rental (renter, owner or system; every Cancelled rental so far was the
-- renter's), the owners' reviews of renters, and double-blind publication of both (reviews written
-- before this migration count as published when written).
CREATE TABLE "renter_reviews" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"rental_id" uuid NOT NULL,
	"renter_id" uuid NOT NULL,
	"reviewer_id" uuid NOT NULL,
	"star_rating" smallint NOT NULL,
	"comment" text,
	"created_at" timestamp with time zone NOT NULL,
	"published_at" timestamp with time zone,
	CONSTRAINT "renter_reviews_star_ck" CHECK ("renter_reviews"."star_rating" between 1 and 5)
);
--> statement-breakpoint
ALTER TABLE "rentals" ADD COLUMN "cancelled_by" text;--> statement-breakpoint
ALTER TABLE "reviews" ADD COLUMN "published_at" timestamp with time zone DEFAULT now();--> statement-breakpoint
ALTER TABLE "renter_reviews" ADD CONSTRAINT "renter_reviews_rental_id_rentals_id_fk" FOREIGN KEY ("rental_id") REFERENCES "public"."rentals"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "renter_reviews" ADD CONSTRAINT "renter_reviews_renter_id_users_id_fk" FOREIGN KEY ("renter_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "renter_reviews" ADD CONSTRAINT "renter_reviews_reviewer_id_users_id_fk" FOREIGN KEY ("reviewer_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "renter_reviews_rental_uq" ON "renter_reviews" USING btree ("rental_id");--> statement-breakpoint
CREATE INDEX "renter_reviews_renter_idx" ON "renter_reviews" USING btree ("renter_id");--> statement-breakpoint
CREATE INDEX "rentals_owner_cancelled_idx" ON "rentals" USING btree ("cancelled_at") WHERE "rentals"."cancelled_by" = 'owner';--> statement-breakpoint
ALTER TABLE "rentals" ADD CONSTRAINT "rentals_cancelled_by_ck" CHECK ("rentals"."cancelled_by" is null or "rentals"."cancelled_by" in ('renter','owner','system'));--> statement-breakpoint
UPDATE "rentals" SET "cancelled_by" = 'renter' WHERE "status" = 'Cancelled' AND "cancelled_by" IS NULL;--> statement-breakpoint
UPDATE "reviews" SET "published_at" = "created_at";
