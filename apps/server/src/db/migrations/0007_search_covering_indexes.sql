-- Search (issue 4, ADR docs/decisions/004-search-indexes.md): indexes for the facet work at 100,000 listings.
-- Property value counts join a sample of matching vehicles to their values: this answers each
-- vehicle's values by an index-only scan instead of hashing the whole table.
CREATE INDEX IF NOT EXISTS "vehicle_property_values_vehicle_cover_idx" ON "vehicle_property_values" ("vehicle_id") INCLUDE ("property_id", "value");
--> statement-breakpoint
-- The exact pass (total, price and year bounds) reads every live vehicle of a type: these columns
-- let it read the index alone, without visiting the table.
CREATE INDEX IF NOT EXISTS "vehicles_facets_idx" ON "vehicles" ("vehicle_type_id", "vehicle_type_category_id", "make", "color", "fuel_type", "price_per_day_cents", "year_of_production") WHERE "deleted_at" IS NULL;
