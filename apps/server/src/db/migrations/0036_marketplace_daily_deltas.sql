ALTER TABLE "marketplace_daily" DROP CONSTRAINT "marketplace_daily_day_vehicle_type_id_pk";--> statement-breakpoint
CREATE INDEX "marketplace_daily_day_idx" ON "marketplace_daily" USING btree ("day","vehicle_type_id");--> statement-breakpoint
-- Issue 30 (ADR 031): the triggers append a delta row instead of updating one row per day and type in
-- place. With the upsert, every booking, fee posting, registration and new listing of a day and type
-- waited on the same row until the other transaction committed (a rent waited on an open vehicle
-- insert; the auto-complete job's payouts deadlocked with rents through those rows). An insert takes no
-- lock another writer waits for. Readers sum the rows by day and type, as they did; the compaction below
-- folds the days before today into one row each, so a year stays a few thousand rows.
CREATE OR REPLACE FUNCTION "marketplace_daily_add"(p_day date, p_type integer, p_bookings integer, p_gross bigint, p_take bigint,
  p_cancellations integer, p_refunds bigint, p_users integer, p_listings integer) RETURNS void LANGUAGE sql AS $$
  insert into marketplace_daily (day, vehicle_type_id, bookings, gross_cents, take_cents, cancellations, refunds_cents, new_users, new_listings)
  values (p_day, p_type, p_bookings, p_gross, p_take, p_cancellations, p_refunds, p_users, p_listings)
$$;
--> statement-breakpoint
-- Folds each (day, type) before p_before that has several rows into one (their sums); returns how many
-- rows were folded. Writers append to today (their rows' days are their own timestamps), so this
-- deletes nothing they write; one compaction at a time (the others return 0 at once).
CREATE OR REPLACE FUNCTION "marketplace_daily_compact"(p_before date) RETURNS integer LANGUAGE plpgsql AS $$
DECLARE
  folded integer;
BEGIN
  IF NOT pg_try_advisory_xact_lock(hashtext('marketplace_daily_compact')) THEN
    RETURN 0;
  END IF;
  WITH many AS (
    SELECT m.day, m.vehicle_type_id FROM marketplace_daily m WHERE m.day < p_before GROUP BY 1, 2 HAVING count(*) > 1
  ), gone AS (
    DELETE FROM marketplace_daily m USING many
    WHERE m.day = many.day AND m.vehicle_type_id = many.vehicle_type_id
    RETURNING m.*
  ), kept AS (
    INSERT INTO marketplace_daily (day, vehicle_type_id, bookings, gross_cents, take_cents, cancellations, refunds_cents, new_users, new_listings)
    SELECT g.day, g.vehicle_type_id, sum(g.bookings), sum(g.gross_cents), sum(g.take_cents), sum(g.cancellations),
      sum(g.refunds_cents), sum(g.new_users), sum(g.new_listings)
    FROM gone g GROUP BY 1, 2
    RETURNING 1
  )
  SELECT count(*) INTO folded FROM gone;
  RETURN folded;
END
$$;
