-- Search (issue 4, ADR 007): searches are answered by the in-process index fed by search_changes
-- (0008). What only the SQL search path used goes: the data-version sequence and its triggers (the
-- index version replaced it), the trigram index over search_text (text is matched in the index), the
-- facet and covering indexes of 0007 and the make/model order index. Every write to vehicles and
-- their property values no longer maintains them. Kept: search_text and its triggers (the index reads
-- it), vehicles_type_category_idx (catalogue "in use" checks), rental_days_day_idx (the index's load
-- of booked days and windows before its horizon).
DROP TRIGGER IF EXISTS "vehicles_search_version_trg" ON "vehicles";
--> statement-breakpoint
DROP TRIGGER IF EXISTS "vehicle_images_search_version_trg" ON "vehicle_images";
--> statement-breakpoint
DROP TRIGGER IF EXISTS "vehicle_property_values_search_version_trg" ON "vehicle_property_values";
--> statement-breakpoint
DROP TRIGGER IF EXISTS "rental_days_search_version_trg" ON "rental_days";
--> statement-breakpoint
DROP TRIGGER IF EXISTS "vehicle_types_search_version_trg" ON "vehicle_types";
--> statement-breakpoint
DROP TRIGGER IF EXISTS "vehicle_type_categories_search_version_trg" ON "vehicle_type_categories";
--> statement-breakpoint
DROP TRIGGER IF EXISTS "vehicle_type_properties_search_version_trg" ON "vehicle_type_properties";
--> statement-breakpoint
DROP TRIGGER IF EXISTS "users_search_version_trg" ON "users";
--> statement-breakpoint
DROP FUNCTION IF EXISTS "search_data_version_bump"();
--> statement-breakpoint
DROP SEQUENCE IF EXISTS "search_data_version";
--> statement-breakpoint
DROP INDEX IF EXISTS "vehicles_search_text_trgm_idx";
--> statement-breakpoint
DROP INDEX IF EXISTS "vehicles_facets_idx";
--> statement-breakpoint
DROP INDEX IF EXISTS "vehicle_property_values_vehicle_cover_idx";
--> statement-breakpoint
DROP INDEX IF EXISTS "vehicles_make_model_idx";
