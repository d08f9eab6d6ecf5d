-- Issue 30 (ADR 032): owner_monthly_compact read the whole summary when it had no statistics yet (right
-- after 0037's backfill the planner took the groups with a delta for many and hash-joined them to a
-- sequential scan of 2 million rows: 7 s for 200 deltas at the bench's volume). It now reaches the rows
-- through the vehicles' index (= any(array(...)): the few vehicles with a delta, then their months),
-- whatever the statistics say; and the summary gets its statistics now instead of at autovacuum's turn.
CREATE OR REPLACE FUNCTION "owner_monthly_compact"() RETURNS integer LANGUAGE plpgsql AS $$
DECLARE
  n_folded integer;
BEGIN
  IF NOT pg_try_advisory_xact_lock(hashtext('marketplace_daily_compact')) THEN
    RETURN 0;
  END IF;
  WITH touched AS MATERIALIZED (
    SELECT DISTINCT m.vehicle_id, m.month, m.payee_id FROM owner_monthly m WHERE NOT m.folded
  ), gone AS (
    DELETE FROM owner_monthly m
    WHERE m.vehicle_id = ANY (ARRAY(SELECT DISTINCT t.vehicle_id FROM touched t))
      AND (m.vehicle_id, m.month, m.payee_id) IN (SELECT t.vehicle_id, t.month, t.payee_id FROM touched t)
    RETURNING m.*
  ), kept AS (
    INSERT INTO owner_monthly (month, vehicle_id, payee_id, folded, payouts, earned_cents, days, pending_cents, occupied, refunds_cents,
        bookings, cancelled, by_renter, by_owner, by_system, declined, expired)
    SELECT g.month, g.vehicle_id, g.payee_id, true, sum(g.payouts), sum(g.earned_cents), sum(g.days), sum(g.pending_cents), sum(g.occupied),
      sum(g.refunds_cents), sum(g.bookings), sum(g.cancelled), sum(g.by_renter), sum(g.by_owner), sum(g.by_system), sum(g.declined),
      sum(g.expired)
    FROM gone g GROUP BY 1, 2, 3
    HAVING (sum(g.payouts), sum(g.earned_cents), sum(g.days), sum(g.pending_cents), sum(g.occupied), sum(g.refunds_cents), sum(g.bookings),
      sum(g.cancelled), sum(g.by_renter), sum(g.by_owner), sum(g.by_system), sum(g.declined), sum(g.expired))
      <> (0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0)
    RETURNING 1
  )
  SELECT count(*) INTO n_folded FROM gone;
  RETURN n_folded;
END
$$;
--> statement-breakpoint
ANALYZE "owner_monthly";
