-- Where a vehicle stands (issue 26): one row per vehicle with a pick-up place; plain lat/lng with a
-- btree index for box reads (the search keeps its own typed-array copy). A change here changes the
-- vehicle's card (city, point), so it is logged to search_changes like the vehicle's own rows.
CREATE TABLE "vehicle_locations" (
	"vehicle_id" uuid PRIMARY KEY NOT NULL,
	"address" text,
	"postcode" text,
	"city" text NOT NULL,
	"country" text NOT NULL,
	"lat" double precision NOT NULL,
	"lng" double precision NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "vehicle_locations_lat_ck" CHECK ("vehicle_locations"."lat" between -90 and 90),
	CONSTRAINT "vehicle_locations_lng_ck" CHECK ("vehicle_locations"."lng" between -180 and 180),
	CONSTRAINT "vehicle_locations_country_ck" CHECK ("vehicle_locations"."country" ~ '^[A-Z]{2}$')
);
--> statement-breakpoint
ALTER TABLE "vehicle_locations" ADD CONSTRAINT "vehicle_locations_vehicle_id_vehicles_id_fk" FOREIGN KEY ("vehicle_id") REFERENCES "public"."vehicles"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "vehicle_locations_point_idx" ON "vehicle_locations" USING btree ("lat","lng");
--> statement-breakpoint
CREATE TRIGGER "vehicle_locations_search_changes_ins_trg" AFTER INSERT ON "vehicle_locations"
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION search_changes_log_new_vehicle_id();
--> statement-breakpoint
CREATE TRIGGER "vehicle_locations_search_changes_upd_trg" AFTER UPDATE ON "vehicle_locations"
  REFERENCING NEW TABLE AS new_rows OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION search_changes_log_both_vehicle_id();
--> statement-breakpoint
CREATE TRIGGER "vehicle_locations_search_changes_del_trg" AFTER DELETE ON "vehicle_locations"
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION search_changes_log_old_vehicle_id();
