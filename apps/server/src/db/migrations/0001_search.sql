-- Search (issue 4): trigram text search and the indexes behind the listing filters.
-- Only ADDs to tables owned by other modules; see docs/decisions/001-search-indexes.md.
CREATE EXTENSION IF NOT EXISTS pg_trgm;
--> statement-breakpoint
-- Lower-cased text a user may search by: make, model, type, category, fuel, year, color, description.
-- Type and category names live in other tables, so a trigger keeps it (a generated column cannot).
ALTER TABLE "vehicles" ADD COLUMN IF NOT EXISTS "search_text" text DEFAULT '' NOT NULL;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION "vehicles_search_text_of"(v "vehicles") RETURNS text LANGUAGE sql STABLE AS $$
  SELECT lower(
    v.make || ' ' || v.model || ' '
    || coalesce((SELECT t.name FROM vehicle_types t WHERE t.id = v.vehicle_type_id), '') || ' '
    || coalesce((SELECT c.name FROM vehicle_type_categories c WHERE c.id = v.vehicle_type_category_id), '') || ' '
    || (CASE v.fuel_type WHEN 1 THEN 'petrol' WHEN 2 THEN 'diesel' WHEN 3 THEN 'electric' WHEN 4 THEN 'hybrid'
          WHEN 5 THEN 'lpg' WHEN 6 THEN 'hydrogen' ELSE '' END) || ' '
    || v.year_of_production::text || ' ' || v.color || ' ' || v.description)
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION "vehicles_search_text_fill"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  NEW.search_text := vehicles_search_text_of(NEW);
  RETURN NEW;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "vehicles_search_text_trg" BEFORE INSERT OR UPDATE OF make, model, color, fuel_type, year_of_production,
  description, vehicle_type_id, vehicle_type_category_id ON "vehicles"
  FOR EACH ROW EXECUTE FUNCTION vehicles_search_text_fill();
--> statement-breakpoint
-- A renamed type or category renames the text of its vehicles.
CREATE OR REPLACE FUNCTION "vehicles_search_text_rename"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_TABLE_NAME = 'vehicle_types' THEN
    UPDATE vehicles v SET search_text = vehicles_search_text_of(v) WHERE v.vehicle_type_id = NEW.id;
  ELSE
    UPDATE vehicles v SET search_text = vehicles_search_text_of(v) WHERE v.vehicle_type_category_id = NEW.id;
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "vehicle_types_search_rename_trg" AFTER UPDATE OF name ON "vehicle_types"
  FOR EACH ROW WHEN (OLD.name IS DISTINCT FROM NEW.name) EXECUTE FUNCTION vehicles_search_text_rename();
--> statement-breakpoint
CREATE TRIGGER "vehicle_type_categories_search_rename_trg" AFTER UPDATE OF name ON "vehicle_type_categories"
  FOR EACH ROW WHEN (OLD.name IS DISTINCT FROM NEW.name) EXECUTE FUNCTION vehicles_search_text_rename();
--> statement-breakpoint
-- Text query: LIKE (literal substrings) and <% (word similarity, typos) both use this index.
CREATE INDEX IF NOT EXISTS "vehicles_search_text_trgm_idx" ON "vehicles" USING gin ("search_text" gin_trgm_ops)
  WHERE "deleted_at" IS NULL;
--> statement-breakpoint
-- Type / category filters; /filter and /all ordering by make then model.
CREATE INDEX IF NOT EXISTS "vehicles_type_category_idx" ON "vehicles" ("vehicle_type_id", "vehicle_type_category_id")
  WHERE "deleted_at" IS NULL;
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "vehicles_make_model_idx" ON "vehicles" ("make", "model", "id") WHERE "deleted_at" IS NULL;
--> statement-breakpoint
-- Availability: days booked inside a window, for the anti-join.
CREATE INDEX IF NOT EXISTS "rental_days_day_idx" ON "rental_days" ("day", "vehicle_id");
