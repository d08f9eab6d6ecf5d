-- Search (issue 4): a data version for the search result cache. Any statement that changes what a
-- listing search can answer advances the sequence; cached answers carry the version they were
-- computed at and are used only while it is unchanged. A sequence never blocks writers (no row lock).
CREATE SEQUENCE IF NOT EXISTS "search_data_version";
--> statement-breakpoint
CREATE OR REPLACE FUNCTION "search_data_version_bump"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM nextval('search_data_version');
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "vehicles_search_version_trg" AFTER INSERT OR UPDATE OR DELETE ON "vehicles"
  FOR EACH STATEMENT EXECUTE FUNCTION search_data_version_bump();
--> statement-breakpoint
CREATE TRIGGER "vehicle_images_search_version_trg" AFTER INSERT OR UPDATE OR DELETE ON "vehicle_images"
  FOR EACH STATEMENT EXECUTE FUNCTION search_data_version_bump();
--> statement-breakpoint
CREATE TRIGGER "vehicle_property_values_search_version_trg" AFTER INSERT OR UPDATE OR DELETE ON "vehicle_property_values"
  FOR EACH STATEMENT EXECUTE FUNCTION search_data_version_bump();
--> statement-breakpoint
CREATE TRIGGER "rental_days_search_version_trg" AFTER INSERT OR UPDATE OR DELETE ON "rental_days"
  FOR EACH STATEMENT EXECUTE FUNCTION search_data_version_bump();
--> statement-breakpoint
CREATE TRIGGER "vehicle_types_search_version_trg" AFTER INSERT OR UPDATE OR DELETE ON "vehicle_types"
  FOR EACH STATEMENT EXECUTE FUNCTION search_data_version_bump();
--> statement-breakpoint
CREATE TRIGGER "vehicle_type_categories_search_version_trg" AFTER INSERT OR UPDATE OR DELETE ON "vehicle_type_categories"
  FOR EACH STATEMENT EXECUTE FUNCTION search_data_version_bump();
--> statement-breakpoint
CREATE TRIGGER "vehicle_type_properties_search_version_trg" AFTER INSERT OR UPDATE OR DELETE ON "vehicle_type_properties"
  FOR EACH STATEMENT EXECUTE FUNCTION search_data_version_bump();
--> statement-breakpoint
-- Owner names appear on cards.
CREATE TRIGGER "users_search_version_trg" AFTER UPDATE OF username ON "users"
  FOR EACH STATEMENT EXECUTE FUNCTION search_data_version_bump();
