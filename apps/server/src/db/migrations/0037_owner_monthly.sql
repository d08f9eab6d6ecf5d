CREATE TABLE "owner_monthly" (
	"month" date NOT NULL,
	"vehicle_id" uuid NOT NULL,
	"payee_id" uuid NOT NULL,
	"folded" boolean DEFAULT false NOT NULL,
	"payouts" integer DEFAULT 0 NOT NULL,
	"earned_cents" bigint DEFAULT 0 NOT NULL,
	"days" integer DEFAULT 0 NOT NULL,
	"pending_cents" bigint DEFAULT 0 NOT NULL,
	"occupied" integer DEFAULT 0 NOT NULL,
	"refunds_cents" bigint DEFAULT 0 NOT NULL,
	"bookings" integer DEFAULT 0 NOT NULL,
	"cancelled" integer DEFAULT 0 NOT NULL,
	"by_renter" integer DEFAULT 0 NOT NULL,
	"by_owner" integer DEFAULT 0 NOT NULL,
	"by_system" integer DEFAULT 0 NOT NULL,
	"declined" integer DEFAULT 0 NOT NULL,
	"expired" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE INDEX "owner_monthly_vehicle_idx" ON "owner_monthly" USING btree ("vehicle_id","month");--> statement-breakpoint
CREATE INDEX "owner_monthly_payee_idx" ON "owner_monthly" USING btree ("payee_id","month") WHERE "owner_monthly"."payee_id" <> '00000000-0000-0000-0000-000000000000'::uuid;--> statement-breakpoint
CREATE INDEX "owner_monthly_unfolded_idx" ON "owner_monthly" USING btree ("vehicle_id","month","payee_id") WHERE not "owner_monthly"."folded";--> statement-breakpoint
-- Issue 30 (ADR 032): the owner's dashboard reads whole months from this summary per month and vehicle
-- instead of every payout, booked day, refund and booking of the period (3,189 payouts each looked up in
-- ledger_transactions and rentals, 12,747 booked days, 808 refunded rentals for the bench's owner); the
-- days of a period outside its whole months still come from the raw tables. Triggers append a delta row
-- per change (never an upsert: concurrent writers would wait on one another's row, as marketplace_daily
-- did before 0036); readers sum. The zone is marketplace_daily's (marketplace_daily_tz()).
--
-- A rental's part of the summary, from its row's values (p_vehicle null: no such rental) and its days and
-- postings as they are now. A trigger on rentals adds "after" minus "before", so the summary equals the
-- raw tables whatever order a transaction changes a rental, its days and its postings in.
CREATE OR REPLACE FUNCTION "owner_monthly_rental"(p_id uuid, p_vehicle uuid, p_renter uuid, p_status text, p_price integer,
  p_booked_at timestamptz, p_cancelled_by text)
  RETURNS TABLE (month date, vehicle_id uuid, payee_id uuid, payouts bigint, earned_cents bigint, days bigint, pending_cents bigint,
    refunds_cents bigint, bookings integer, cancelled integer, by_renter integer, by_owner integer, by_system integer, declined integer,
    expired integer)
  LANGUAGE sql STABLE AS $$
  select date_trunc('month', p_booked_at at time zone marketplace_daily_tz())::date, p_vehicle, '00000000-0000-0000-0000-000000000000'::uuid,
    0::bigint, 0::bigint, 0::bigint, 0::bigint, 0::bigint,
    (p_status in ('Active', 'Completed', 'Cancelled'))::integer, (p_status = 'Cancelled')::integer,
    (p_status = 'Cancelled' and coalesce(p_cancelled_by, 'renter') = 'renter')::integer,
    (p_status = 'Cancelled' and p_cancelled_by = 'owner')::integer, (p_status = 'Cancelled' and p_cancelled_by = 'system')::integer,
    (p_status = 'Declined')::integer, (p_status = 'Expired')::integer
  where p_vehicle is not null
  union all
  select date_trunc('month', d.day::timestamp)::date, d.vehicle_id, '00000000-0000-0000-0000-000000000000'::uuid, 0, 0, count(*),
    case when p_status = 'Active' then count(*) * p_price else 0 end, 0, 0, 0, 0, 0, 0, 0, 0
  from rental_days d
  where d.rental_id = p_id and p_vehicle is not null and p_status in ('Active', 'Completed')
  group by 1, 2
  union all
  select date_trunc('month', p.created_at at time zone marketplace_daily_tz())::date,
    coalesce(p_vehicle, '00000000-0000-0000-0000-000000000000'::uuid),
    case when p.type = 'Rental Profit' then coalesce(a.user_id, '00000000-0000-0000-0000-000000000000'::uuid)
      else '00000000-0000-0000-0000-000000000000'::uuid end,
    count(*) filter (where p.type = 'Rental Profit'), coalesce(sum(p.amount_cents) filter (where p.type = 'Rental Profit'), 0)::bigint, 0, 0,
    coalesce(sum(p.amount_cents) filter (where p.type = 'Refund'), 0)::bigint, 0, 0, 0, 0, 0, 0, 0
  from ledger_transactions t
  join ledger_postings p on p.transaction_id = t.id
  join ledger_accounts a on a.id = p.account_id and a.kind = 'wallet'
  where t.rental_id = p_id
    and (p.type = 'Rental Profit' or (p.type = 'Refund' and p_vehicle is not null and p_status = 'Cancelled' and a.user_id = p_renter))
  group by 1, 2, 3
$$;
--> statement-breakpoint
-- The whole summary from the raw tables (the backfill, a rebuild): the same definitions as the owner's
-- live queries (dashboard.service.ts) and as owner_monthly_rental.
CREATE OR REPLACE FUNCTION "owner_monthly_source"()
  RETURNS TABLE (month date, vehicle_id uuid, payee_id uuid, payouts bigint, earned_cents bigint, days bigint, pending_cents bigint,
    occupied bigint, refunds_cents bigint, bookings bigint, cancelled bigint, by_renter bigint, by_owner bigint, by_system bigint,
    declined bigint, expired bigint)
  LANGUAGE sql STABLE AS $$
  select s.month, s.vehicle_id, s.payee_id, sum(s.payouts)::bigint, sum(s.earned)::bigint, sum(s.days)::bigint, sum(s.pending)::bigint,
    sum(s.occupied)::bigint, sum(s.refunds)::bigint, sum(s.bookings)::bigint, sum(s.cancelled)::bigint, sum(s.by_renter)::bigint,
    sum(s.by_owner)::bigint, sum(s.by_system)::bigint, sum(s.declined)::bigint, sum(s.expired)::bigint
  from (
    select date_trunc('month', r.booked_at at time zone marketplace_daily_tz())::date as month, r.vehicle_id,
      '00000000-0000-0000-0000-000000000000'::uuid as payee_id, 0 as payouts, 0 as earned, 0 as days, 0 as pending, 0 as occupied,
      0 as refunds, count(*) filter (where r.status in ('Active', 'Completed', 'Cancelled')) as bookings,
      count(*) filter (where r.status = 'Cancelled') as cancelled,
      count(*) filter (where r.status = 'Cancelled' and coalesce(r.cancelled_by, 'renter') = 'renter') as by_renter,
      count(*) filter (where r.status = 'Cancelled' and r.cancelled_by = 'owner') as by_owner,
      count(*) filter (where r.status = 'Cancelled' and r.cancelled_by = 'system') as by_system,
      count(*) filter (where r.status = 'Declined') as declined, count(*) filter (where r.status = 'Expired') as expired
    from rentals r group by 1, 2
    union all
    select date_trunc('month', d.day::timestamp)::date, d.vehicle_id, '00000000-0000-0000-0000-000000000000'::uuid, 0, 0,
      count(*) filter (where r.status in ('Active', 'Completed')), coalesce(sum(r.price_per_day_cents) filter (where r.status = 'Active'), 0),
      count(*), 0, 0, 0, 0, 0, 0, 0, 0
    from rental_days d join rentals r on r.id = d.rental_id
    group by 1, 2
    union all
    select date_trunc('month', p.created_at at time zone marketplace_daily_tz())::date,
      coalesce(r.vehicle_id, '00000000-0000-0000-0000-000000000000'::uuid), coalesce(a.user_id, '00000000-0000-0000-0000-000000000000'::uuid),
      count(*), sum(p.amount_cents), 0, 0, 0, 0, 0, 0, 0, 0,
      0, 0, 0
    from ledger_postings p
    join ledger_accounts a on a.id = p.account_id and a.kind = 'wallet'
    join ledger_transactions t on t.id = p.transaction_id
    left join rentals r on r.id = t.rental_id
    where p.type = 'Rental Profit'
    group by 1, 2, 3
    union all
    select date_trunc('month', p.created_at at time zone marketplace_daily_tz())::date, r.vehicle_id,
      '00000000-0000-0000-0000-000000000000'::uuid, 0, 0, 0, 0, 0, sum(p.amount_cents), 0, 0, 0, 0, 0, 0, 0
    from ledger_postings p
    join ledger_transactions t on t.id = p.transaction_id
    join rentals r on r.id = t.rental_id and r.status = 'Cancelled'
    join ledger_accounts a on a.id = p.account_id and a.kind = 'wallet' and a.user_id = r.renter_id
    where p.type = 'Refund'
    group by 1, 2
  ) s
  group by 1, 2, 3
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION "owner_monthly_rebuild"() RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  -- Writers' triggers wait for the rebuild (or it for them): none of their changes is lost or counted twice.
  LOCK TABLE owner_monthly IN EXCLUSIVE MODE;
  DELETE FROM owner_monthly;
  INSERT INTO owner_monthly (month, vehicle_id, payee_id, folded, payouts, earned_cents, days, pending_cents, occupied, refunds_cents,
      bookings, cancelled, by_renter, by_owner, by_system, declined, expired)
    SELECT s.month, s.vehicle_id, s.payee_id, true, s.payouts, s.earned_cents, s.days, s.pending_cents, s.occupied, s.refunds_cents,
      s.bookings, s.cancelled, s.by_renter, s.by_owner, s.by_system, s.declined, s.expired
    FROM owner_monthly_source() s;
END
$$;
--> statement-breakpoint
-- Folds every (month, vehicle, payee) with a delta appended since the last compaction into one row.
-- Writers append to any month (a booking's future days, a payout's month), but only insert: the rows
-- this statement deletes are exactly those it sums, and a row committed meanwhile stays as a delta.
-- Runs under marketplace_daily_compact's advisory lock (one compaction at a time; 0 when it is taken).
CREATE OR REPLACE FUNCTION "owner_monthly_compact"() RETURNS integer LANGUAGE plpgsql AS $$
DECLARE
  n_folded integer;
BEGIN
  IF NOT pg_try_advisory_xact_lock(hashtext('marketplace_daily_compact')) THEN
    RETURN 0;
  END IF;
  WITH touched AS (
    SELECT DISTINCT m.vehicle_id, m.month, m.payee_id FROM owner_monthly m WHERE NOT m.folded
  ), gone AS (
    DELETE FROM owner_monthly m USING touched
    WHERE m.vehicle_id = touched.vehicle_id AND m.month = touched.month AND m.payee_id = touched.payee_id
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
-- A rental's booking and fate, its days' status and price, its refunds and its vehicle: after minus before.
CREATE OR REPLACE FUNCTION "owner_monthly_rentals_trg"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  o rentals;
  n rentals;
  rental_id uuid;
BEGIN
  IF TG_OP <> 'INSERT' THEN o := OLD; END IF;
  IF TG_OP <> 'DELETE' THEN n := NEW; END IF;
  rental_id := coalesce(n.id, o.id);
  INSERT INTO owner_monthly (month, vehicle_id, payee_id, payouts, earned_cents, days, pending_cents, refunds_cents, bookings, cancelled,
      by_renter, by_owner, by_system, declined, expired)
    SELECT s.month, s.vehicle_id, s.payee_id, sum(s.sign * s.payouts), sum(s.sign * s.earned_cents), sum(s.sign * s.days),
      sum(s.sign * s.pending_cents), sum(s.sign * s.refunds_cents), sum(s.sign * s.bookings), sum(s.sign * s.cancelled),
      sum(s.sign * s.by_renter), sum(s.sign * s.by_owner), sum(s.sign * s.by_system), sum(s.sign * s.declined), sum(s.sign * s.expired)
    FROM (
      SELECT 1 AS sign, f.* FROM owner_monthly_rental(rental_id, n.vehicle_id, n.renter_id, n.status, n.price_per_day_cents, n.booked_at,
        n.cancelled_by) f
      UNION ALL
      SELECT -1, f.* FROM owner_monthly_rental(rental_id, o.vehicle_id, o.renter_id, o.status, o.price_per_day_cents, o.booked_at,
        o.cancelled_by) f
    ) s
    GROUP BY 1, 2, 3
    HAVING (sum(s.sign * s.payouts), sum(s.sign * s.earned_cents), sum(s.sign * s.days), sum(s.sign * s.pending_cents),
      sum(s.sign * s.refunds_cents), sum(s.sign * s.bookings), sum(s.sign * s.cancelled), sum(s.sign * s.by_renter),
      sum(s.sign * s.by_owner), sum(s.sign * s.by_system), sum(s.sign * s.declined), sum(s.sign * s.expired))
      <> (0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0);
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "owner_monthly_rentals_trg" AFTER INSERT OR DELETE ON "rentals"
  FOR EACH ROW EXECUTE FUNCTION owner_monthly_rentals_trg();
--> statement-breakpoint
CREATE TRIGGER "owner_monthly_rentals_upd_trg"
  AFTER UPDATE OF "vehicle_id", "renter_id", "status", "price_per_day_cents", "booked_at", "cancelled_by" ON "rentals"
  FOR EACH ROW WHEN ((OLD.vehicle_id, OLD.renter_id, OLD.status, OLD.price_per_day_cents, OLD.booked_at, OLD.cancelled_by)
    IS DISTINCT FROM (NEW.vehicle_id, NEW.renter_id, NEW.status, NEW.price_per_day_cents, NEW.booked_at, NEW.cancelled_by))
  EXECUTE FUNCTION owner_monthly_rentals_trg();
--> statement-breakpoint
-- Booked and blocked days, per statement (a booking inserts its days in one statement: one delta row per
-- vehicle and month, not one per day). A day counts by its rental's status and price at this moment.
CREATE OR REPLACE FUNCTION "owner_monthly_days_trg"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  sign integer := CASE WHEN TG_OP = 'INSERT' THEN 1 ELSE -1 END;
BEGIN
  INSERT INTO owner_monthly (month, vehicle_id, payee_id, days, pending_cents, occupied)
    SELECT date_trunc('month', d.day::timestamp)::date, d.vehicle_id, '00000000-0000-0000-0000-000000000000'::uuid,
      sign * count(*) filter (where r.status in ('Active', 'Completed')),
      sign * coalesce(sum(r.price_per_day_cents) filter (where r.status = 'Active'), 0), sign * count(*)
    FROM changed_days d JOIN rentals r ON r.id = d.rental_id
    GROUP BY 1, 2;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION "owner_monthly_days_upd_trg"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO owner_monthly (month, vehicle_id, payee_id, days, pending_cents, occupied)
    SELECT date_trunc('month', d.day::timestamp)::date, d.vehicle_id, '00000000-0000-0000-0000-000000000000'::uuid,
      coalesce(sum(d.sign) filter (where r.status in ('Active', 'Completed')), 0),
      coalesce(sum(d.sign * r.price_per_day_cents) filter (where r.status = 'Active'), 0), sum(d.sign)
    FROM (SELECT 1 AS sign, n.* FROM new_days n UNION ALL SELECT -1, o.* FROM old_days o) d
    JOIN rentals r ON r.id = d.rental_id
    GROUP BY 1, 2
    HAVING (coalesce(sum(d.sign) filter (where r.status in ('Active', 'Completed')), 0),
      coalesce(sum(d.sign * r.price_per_day_cents) filter (where r.status = 'Active'), 0), sum(d.sign)) <> (0, 0, 0);
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "owner_monthly_days_ins_trg" AFTER INSERT ON "rental_days"
  REFERENCING NEW TABLE AS changed_days FOR EACH STATEMENT EXECUTE FUNCTION owner_monthly_days_trg();
--> statement-breakpoint
CREATE TRIGGER "owner_monthly_days_del_trg" AFTER DELETE ON "rental_days"
  REFERENCING OLD TABLE AS changed_days FOR EACH STATEMENT EXECUTE FUNCTION owner_monthly_days_trg();
--> statement-breakpoint
CREATE TRIGGER "owner_monthly_days_upd_trg" AFTER UPDATE ON "rental_days"
  REFERENCING OLD TABLE AS old_days NEW TABLE AS new_days FOR EACH STATEMENT EXECUTE FUNCTION owner_monthly_days_upd_trg();
--> statement-breakpoint
-- Payouts and refunds on wallets. The ledger is append-only; a deleted posting is subtracted all the same.
CREATE OR REPLACE FUNCTION "owner_monthly_postings_trg"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  p ledger_postings;
  sign integer;
  account ledger_accounts;
  r rentals;
BEGIN
  IF TG_OP = 'DELETE' THEN p := OLD; sign := -1; ELSE p := NEW; sign := 1; END IF;
  SELECT * INTO account FROM ledger_accounts WHERE id = p.account_id;
  IF account.kind IS DISTINCT FROM 'wallet' THEN RETURN NULL; END IF;
  SELECT rr.* INTO r FROM ledger_transactions t JOIN rentals rr ON rr.id = t.rental_id WHERE t.id = p.transaction_id;
  IF p.type = 'Rental Profit' THEN
    INSERT INTO owner_monthly (month, vehicle_id, payee_id, payouts, earned_cents)
      VALUES (date_trunc('month', p.created_at AT TIME ZONE marketplace_daily_tz())::date,
        coalesce(r.vehicle_id, '00000000-0000-0000-0000-000000000000'::uuid),
        coalesce(account.user_id, '00000000-0000-0000-0000-000000000000'::uuid), sign, sign * p.amount_cents);
  ELSIF r.status = 'Cancelled' AND account.user_id = r.renter_id THEN
    INSERT INTO owner_monthly (month, vehicle_id, payee_id, refunds_cents)
      VALUES (date_trunc('month', p.created_at AT TIME ZONE marketplace_daily_tz())::date, r.vehicle_id,
        '00000000-0000-0000-0000-000000000000'::uuid, sign * p.amount_cents);
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "owner_monthly_postings_ins_trg" AFTER INSERT ON "ledger_postings"
  FOR EACH ROW WHEN (NEW.type IN ('Rental Profit', 'Refund')) EXECUTE FUNCTION owner_monthly_postings_trg();
--> statement-breakpoint
CREATE TRIGGER "owner_monthly_postings_del_trg" AFTER DELETE ON "ledger_postings"
  FOR EACH ROW WHEN (OLD.type IN ('Rental Profit', 'Refund')) EXECUTE FUNCTION owner_monthly_postings_trg();
--> statement-breakpoint
-- The cancellation cohort of the days outside the summary's whole months: an owner's rentals booked in a
-- few days, through their vehicles, instead of every rental of the owner filtered by booked_at.
CREATE INDEX IF NOT EXISTS "rentals_vehicle_booked_idx" ON "rentals" USING btree ("vehicle_id", "booked_at");
--> statement-breakpoint
SELECT owner_monthly_rebuild();
