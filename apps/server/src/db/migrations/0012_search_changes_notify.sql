-- Search (ADR 007): instances learn of changes by notification instead of polling per request.
-- One NOTIFY per writing statement on the change log; PostgreSQL delivers it at commit and folds
-- identical notifications of one transaction into one, so a transaction wakes each instance once.
CREATE OR REPLACE FUNCTION "search_changes_notify"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('search_changes', '');
  RETURN NULL;
END
$$;
--> statement-breakpoint
DROP TRIGGER IF EXISTS "search_changes_notify_trg" ON "search_changes";
--> statement-breakpoint
CREATE TRIGGER "search_changes_notify_trg" AFTER INSERT ON "search_changes"
  FOR EACH STATEMENT EXECUTE FUNCTION search_changes_notify();
