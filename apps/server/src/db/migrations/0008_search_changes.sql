-- Search (ADR 007): the change feed that keeps each server instance's in-process index current.
-- Every statement that changes what the index or a card shows appends rows here, in the writer's
-- transaction; instances read the rows whose transaction id is at or above their cursor (the xmin of
-- their last read's snapshot). xid, not seq, is the cursor: sequence values are handed out before
-- commit, so a later seq can be visible while an earlier one is still in flight; every transaction
-- in flight at a snapshot has an xid >= that snapshot's xmin. vehicle_id NULL: the catalogue changed.
-- The triggers only insert here: they take no lock on vehicles (a rent holds them FOR SHARE).
CREATE TABLE IF NOT EXISTS "search_changes" (
  "seq" bigserial PRIMARY KEY,
  "xid" xid8 NOT NULL DEFAULT pg_current_xact_id(),
  "vehicle_id" uuid,
  "created_at" timestamptz NOT NULL DEFAULT now()
);
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "search_changes_xid_idx" ON "search_changes" ("xid");
--> statement-breakpoint
-- Statement-level with transition tables: a rent's several rental_days, or a bulk update, log one row
-- per distinct vehicle. PostgreSQL allows transition tables only on single-event triggers, hence one
-- trigger per event and one function per transition table shape.
CREATE OR REPLACE FUNCTION "search_changes_log_new_vehicle_id"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO search_changes (vehicle_id) SELECT DISTINCT n.vehicle_id FROM new_rows n;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION "search_changes_log_old_vehicle_id"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO search_changes (vehicle_id) SELECT DISTINCT o.vehicle_id FROM old_rows o;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION "search_changes_log_both_vehicle_id"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO search_changes (vehicle_id)
    SELECT n.vehicle_id FROM new_rows n UNION SELECT o.vehicle_id FROM old_rows o;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION "search_changes_log_new_id"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO search_changes (vehicle_id) SELECT n.id FROM new_rows n;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION "search_changes_log_catalogue"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO search_changes (vehicle_id) VALUES (NULL);
  RETURN NULL;
END
$$;
--> statement-breakpoint
-- An owner's new name is on every card of theirs.
CREATE OR REPLACE FUNCTION "search_changes_log_owner"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO search_changes (vehicle_id) SELECT v.id FROM vehicles v WHERE v.owner_id = NEW.id AND v.deleted_at IS NULL;
  RETURN NULL;
END
$$;
--> statement-breakpoint
-- Vehicles are never deleted (soft delete is an update).
CREATE TRIGGER "vehicles_search_changes_ins_trg" AFTER INSERT ON "vehicles"
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION search_changes_log_new_id();
--> statement-breakpoint
CREATE TRIGGER "vehicles_search_changes_upd_trg" AFTER UPDATE ON "vehicles"
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION search_changes_log_new_id();
--> statement-breakpoint
CREATE TRIGGER "vehicle_property_values_search_changes_ins_trg" AFTER INSERT ON "vehicle_property_values"
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION search_changes_log_new_vehicle_id();
--> statement-breakpoint
CREATE TRIGGER "vehicle_property_values_search_changes_upd_trg" AFTER UPDATE ON "vehicle_property_values"
  REFERENCING NEW TABLE AS new_rows OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION search_changes_log_both_vehicle_id();
--> statement-breakpoint
CREATE TRIGGER "vehicle_property_values_search_changes_del_trg" AFTER DELETE ON "vehicle_property_values"
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION search_changes_log_old_vehicle_id();
--> statement-breakpoint
CREATE TRIGGER "rental_days_search_changes_ins_trg" AFTER INSERT ON "rental_days"
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION search_changes_log_new_vehicle_id();
--> statement-breakpoint
CREATE TRIGGER "rental_days_search_changes_upd_trg" AFTER UPDATE ON "rental_days"
  REFERENCING NEW TABLE AS new_rows OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION search_changes_log_both_vehicle_id();
--> statement-breakpoint
CREATE TRIGGER "rental_days_search_changes_del_trg" AFTER DELETE ON "rental_days"
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION search_changes_log_old_vehicle_id();
--> statement-breakpoint
-- Images: the card thumbnail (and the response cache) change with them.
CREATE TRIGGER "vehicle_images_search_changes_ins_trg" AFTER INSERT ON "vehicle_images"
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION search_changes_log_new_vehicle_id();
--> statement-breakpoint
CREATE TRIGGER "vehicle_images_search_changes_upd_trg" AFTER UPDATE ON "vehicle_images"
  REFERENCING NEW TABLE AS new_rows OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION search_changes_log_both_vehicle_id();
--> statement-breakpoint
CREATE TRIGGER "vehicle_images_search_changes_del_trg" AFTER DELETE ON "vehicle_images"
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION search_changes_log_old_vehicle_id();
--> statement-breakpoint
-- Row level with a WHEN: most user updates (sessions, profile) do not touch the name and cost nothing.
CREATE TRIGGER "users_search_changes_trg" AFTER UPDATE OF username ON "users"
  FOR EACH ROW WHEN (OLD.username IS DISTINCT FROM NEW.username) EXECUTE FUNCTION search_changes_log_owner();
--> statement-breakpoint
CREATE TRIGGER "vehicle_types_search_changes_trg" AFTER INSERT OR UPDATE OR DELETE ON "vehicle_types"
  FOR EACH STATEMENT EXECUTE FUNCTION search_changes_log_catalogue();
--> statement-breakpoint
CREATE TRIGGER "vehicle_type_categories_search_changes_trg" AFTER INSERT OR UPDATE OR DELETE ON "vehicle_type_categories"
  FOR EACH STATEMENT EXECUTE FUNCTION search_changes_log_catalogue();
--> statement-breakpoint
CREATE TRIGGER "vehicle_type_properties_search_changes_trg" AFTER INSERT OR UPDATE OR DELETE ON "vehicle_type_properties"
  FOR EACH STATEMENT EXECUTE FUNCTION search_changes_log_catalogue();
