CREATE TABLE "marketplace_daily" (
	"day" date NOT NULL,
	"vehicle_type_id" integer NOT NULL,
	"bookings" integer DEFAULT 0 NOT NULL,
	"gross_cents" bigint DEFAULT 0 NOT NULL,
	"take_cents" bigint DEFAULT 0 NOT NULL,
	"cancellations" integer DEFAULT 0 NOT NULL,
	"refunds_cents" bigint DEFAULT 0 NOT NULL,
	"new_users" integer DEFAULT 0 NOT NULL,
	"new_listings" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "marketplace_daily_day_vehicle_type_id_pk" PRIMARY KEY("day","vehicle_type_id")
);
--> statement-breakpoint
CREATE TABLE "marketplace_daily_zone" (
	"time_zone" text PRIMARY KEY NOT NULL
);
--> statement-breakpoint
-- Issue 30 (ADR 031): the operator's dashboard reads this daily summary instead of a year of rentals and
-- postings. Triggers keep it in the same transaction as every change of what it counts (so it equals the
-- raw tables at any moment, today included); marketplace_daily_rebuild() recomputes it from the raw
-- tables (this migration's backfill, a change of TIME_ZONE, a bulk load with triggers off).
INSERT INTO "marketplace_daily_zone" ("time_zone") VALUES ('UTC');
--> statement-breakpoint
CREATE OR REPLACE FUNCTION "marketplace_daily_tz"() RETURNS text LANGUAGE sql STABLE AS $$
  select time_zone from marketplace_daily_zone limit 1
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION "marketplace_daily_add"(p_day date, p_type integer, p_bookings integer, p_gross bigint, p_take bigint,
  p_cancellations integer, p_refunds bigint, p_users integer, p_listings integer) RETURNS void LANGUAGE sql AS $$
  insert into marketplace_daily as m (day, vehicle_type_id, bookings, gross_cents, take_cents, cancellations, refunds_cents, new_users, new_listings)
  values (p_day, p_type, p_bookings, p_gross, p_take, p_cancellations, p_refunds, p_users, p_listings)
  on conflict (day, vehicle_type_id) do update set
    bookings = m.bookings + excluded.bookings, gross_cents = m.gross_cents + excluded.gross_cents,
    take_cents = m.take_cents + excluded.take_cents, cancellations = m.cancellations + excluded.cancellations,
    refunds_cents = m.refunds_cents + excluded.refunds_cents, new_users = m.new_users + excluded.new_users,
    new_listings = m.new_listings + excluded.new_listings
$$;
--> statement-breakpoint
-- Every figure of the raw tables per (day, type), optionally of one vehicle only: the rebuild's source and
-- what a vehicle's change of type moves from one type to the other. The same definitions as the live
-- queries the dashboard ran before (ADR 024).
CREATE OR REPLACE FUNCTION "marketplace_daily_source"(p_vehicle uuid) RETURNS TABLE (day date, vehicle_type_id integer, bookings bigint,
  gross_cents bigint, take_cents bigint, cancellations bigint, refunds_cents bigint, new_users bigint, new_listings bigint)
  LANGUAGE sql STABLE AS $$
  select s.day, s.type_id, sum(s.bookings)::bigint, sum(s.gross)::bigint, sum(s.take)::bigint, sum(s.cancellations)::bigint,
    sum(s.refunds)::bigint, sum(s.users)::bigint, sum(s.listings)::bigint
  from (
    select (r.booked_at at time zone marketplace_daily_tz())::date as day, v.vehicle_type_id as type_id, count(*) as bookings,
      sum(r.total_cents) as gross, 0 as take, 0 as cancellations, 0 as refunds, 0 as users, 0 as listings
    from rentals r join vehicles v on v.id = r.vehicle_id
    where p_vehicle is null or r.vehicle_id = p_vehicle
    group by 1, 2
    union all
    select (r.cancelled_at at time zone marketplace_daily_tz())::date, v.vehicle_type_id, 0, 0, 0, count(*), 0, 0, 0
    from rentals r join vehicles v on v.id = r.vehicle_id
    where r.status = 'Cancelled' and r.cancelled_at is not null and (p_vehicle is null or r.vehicle_id = p_vehicle)
    group by 1, 2
    union all
    select (p.created_at at time zone marketplace_daily_tz())::date, v.vehicle_type_id, 0, 0,
      coalesce(sum(p.amount_cents) filter (where p.type = 'Company Rental Fee Profit'), 0), 0,
      coalesce(sum(p.amount_cents) filter (where p.type = 'Refund' and a.kind = 'wallet'), 0), 0, 0
    from ledger_postings p
    join ledger_accounts a on a.id = p.account_id
    join ledger_transactions t on t.id = p.transaction_id
    join rentals r on r.id = t.rental_id
    join vehicles v on v.id = r.vehicle_id
    where p.type in ('Company Rental Fee Profit', 'Refund') and (p_vehicle is null or r.vehicle_id = p_vehicle)
    group by 1, 2
    union all
    select (u.created_at at time zone marketplace_daily_tz())::date, 0, 0, 0, 0, 0, 0, count(*), 0
    from users u where not u.is_company_account and p_vehicle is null
    group by 1
    union all
    select (v.created_at at time zone marketplace_daily_tz())::date, v.vehicle_type_id, 0, 0, 0, 0, 0, 0, count(*)
    from vehicles v where p_vehicle is null or v.id = p_vehicle
    group by 1, 2
  ) s
  group by 1, 2
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION "marketplace_daily_rebuild"() RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  -- Writers' triggers wait for the rebuild (or it for them), so none of their changes is lost or counted twice.
  LOCK TABLE marketplace_daily IN EXCLUSIVE MODE;
  DELETE FROM marketplace_daily;
  INSERT INTO marketplace_daily (day, vehicle_type_id, bookings, gross_cents, take_cents, cancellations, refunds_cents, new_users, new_listings)
    SELECT * FROM marketplace_daily_source(null);
END
$$;
--> statement-breakpoint
-- A rental counts as a booking on the day it was booked and, once cancelled, as a cancellation on the day it was.
CREATE OR REPLACE FUNCTION "marketplace_daily_rentals_trg"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  tz text := marketplace_daily_tz();
  old_type integer;
  new_type integer;
BEGIN
  IF TG_OP <> 'INSERT' THEN SELECT vehicle_type_id INTO old_type FROM vehicles WHERE id = OLD.vehicle_id; END IF;
  IF TG_OP <> 'DELETE' THEN SELECT vehicle_type_id INTO new_type FROM vehicles WHERE id = NEW.vehicle_id; END IF;
  IF TG_OP = 'INSERT' OR (TG_OP = 'UPDATE' AND (OLD.booked_at, OLD.total_cents, OLD.vehicle_id) IS DISTINCT FROM (NEW.booked_at, NEW.total_cents, NEW.vehicle_id)) THEN
    PERFORM marketplace_daily_add((NEW.booked_at AT TIME ZONE tz)::date, new_type, 1, NEW.total_cents, 0, 0, 0, 0, 0);
  END IF;
  IF TG_OP = 'DELETE' OR (TG_OP = 'UPDATE' AND (OLD.booked_at, OLD.total_cents, OLD.vehicle_id) IS DISTINCT FROM (NEW.booked_at, NEW.total_cents, NEW.vehicle_id)) THEN
    PERFORM marketplace_daily_add((OLD.booked_at AT TIME ZONE tz)::date, old_type, -1, -OLD.total_cents, 0, 0, 0, 0, 0);
  END IF;
  IF TG_OP <> 'INSERT' AND OLD.status = 'Cancelled' AND OLD.cancelled_at IS NOT NULL AND (TG_OP = 'DELETE'
      OR (OLD.status, OLD.cancelled_at, OLD.vehicle_id) IS DISTINCT FROM (NEW.status, NEW.cancelled_at, NEW.vehicle_id)) THEN
    PERFORM marketplace_daily_add((OLD.cancelled_at AT TIME ZONE tz)::date, old_type, 0, 0, 0, -1, 0, 0, 0);
  END IF;
  IF TG_OP <> 'DELETE' AND NEW.status = 'Cancelled' AND NEW.cancelled_at IS NOT NULL AND (TG_OP = 'INSERT'
      OR (OLD.status, OLD.cancelled_at, OLD.vehicle_id) IS DISTINCT FROM (NEW.status, NEW.cancelled_at, NEW.vehicle_id)) THEN
    PERFORM marketplace_daily_add((NEW.cancelled_at AT TIME ZONE tz)::date, new_type, 0, 0, 0, 1, 0, 0, 0);
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "marketplace_daily_rentals_trg" AFTER INSERT OR UPDATE OR DELETE ON "rentals"
  FOR EACH ROW EXECUTE FUNCTION marketplace_daily_rentals_trg();
--> statement-breakpoint
-- The ledger is append-only; a deleted posting is subtracted all the same.
CREATE OR REPLACE FUNCTION "marketplace_daily_postings_trg"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  p ledger_postings;
  sign integer;
  type_id integer;
  account_kind text;
BEGIN
  IF TG_OP = 'DELETE' THEN p := OLD; sign := -1; ELSE p := NEW; sign := 1; END IF;
  SELECT v.vehicle_type_id INTO type_id
    FROM ledger_transactions t JOIN rentals r ON r.id = t.rental_id JOIN vehicles v ON v.id = r.vehicle_id
    WHERE t.id = p.transaction_id;
  IF NOT FOUND THEN RETURN NULL; END IF;
  IF p.type = 'Company Rental Fee Profit' THEN
    PERFORM marketplace_daily_add((p.created_at AT TIME ZONE marketplace_daily_tz())::date, type_id, 0, 0, sign * p.amount_cents, 0, 0, 0, 0);
  ELSE
    SELECT kind INTO account_kind FROM ledger_accounts WHERE id = p.account_id;
    IF account_kind = 'wallet' THEN
      PERFORM marketplace_daily_add((p.created_at AT TIME ZONE marketplace_daily_tz())::date, type_id, 0, 0, 0, 0, sign * p.amount_cents, 0, 0);
    END IF;
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "marketplace_daily_postings_ins_trg" AFTER INSERT ON "ledger_postings"
  FOR EACH ROW WHEN (NEW.type IN ('Company Rental Fee Profit', 'Refund')) EXECUTE FUNCTION marketplace_daily_postings_trg();
--> statement-breakpoint
CREATE TRIGGER "marketplace_daily_postings_del_trg" AFTER DELETE ON "ledger_postings"
  FOR EACH ROW WHEN (OLD.type IN ('Company Rental Fee Profit', 'Refund')) EXECUTE FUNCTION marketplace_daily_postings_trg();
--> statement-breakpoint
CREATE OR REPLACE FUNCTION "marketplace_daily_users_trg"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  tz text := marketplace_daily_tz();
BEGIN
  IF TG_OP <> 'INSERT' AND NOT OLD.is_company_account THEN
    PERFORM marketplace_daily_add((OLD.created_at AT TIME ZONE tz)::date, 0, 0, 0, 0, 0, 0, -1, 0);
  END IF;
  IF TG_OP <> 'DELETE' AND NOT NEW.is_company_account THEN
    PERFORM marketplace_daily_add((NEW.created_at AT TIME ZONE tz)::date, 0, 0, 0, 0, 0, 0, 1, 0);
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "marketplace_daily_users_trg" AFTER INSERT OR DELETE ON "users"
  FOR EACH ROW EXECUTE FUNCTION marketplace_daily_users_trg();
--> statement-breakpoint
CREATE TRIGGER "marketplace_daily_users_upd_trg" AFTER UPDATE OF "created_at", "is_company_account" ON "users"
  FOR EACH ROW WHEN ((OLD.created_at, OLD.is_company_account) IS DISTINCT FROM (NEW.created_at, NEW.is_company_account))
  EXECUTE FUNCTION marketplace_daily_users_trg();
--> statement-breakpoint
-- A new listing counts on the day it was created. A vehicle that changes type takes its whole history
-- (bookings, cancellations, take, refunds) to the new type, as the raw tables would answer it.
CREATE OR REPLACE FUNCTION "marketplace_daily_vehicles_trg"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  tz text := marketplace_daily_tz();
BEGIN
  IF TG_OP <> 'INSERT' THEN
    PERFORM marketplace_daily_add((OLD.created_at AT TIME ZONE tz)::date, OLD.vehicle_type_id, 0, 0, 0, 0, 0, 0, -1);
  END IF;
  IF TG_OP <> 'DELETE' THEN
    PERFORM marketplace_daily_add((NEW.created_at AT TIME ZONE tz)::date, NEW.vehicle_type_id, 0, 0, 0, 0, 0, 0, 1);
  END IF;
  IF TG_OP = 'UPDATE' AND OLD.vehicle_type_id <> NEW.vehicle_type_id THEN
    PERFORM marketplace_daily_add(s.day, OLD.vehicle_type_id, -s.bookings::integer, -s.gross_cents, -s.take_cents,
        -s.cancellations::integer, -s.refunds_cents, 0, 0),
      marketplace_daily_add(s.day, NEW.vehicle_type_id, s.bookings::integer, s.gross_cents, s.take_cents,
        s.cancellations::integer, s.refunds_cents, 0, 0)
    FROM marketplace_daily_source(NEW.id) s WHERE s.bookings <> 0 OR s.cancellations <> 0 OR s.take_cents <> 0 OR s.refunds_cents <> 0;
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "marketplace_daily_vehicles_trg" AFTER INSERT OR DELETE ON "vehicles"
  FOR EACH ROW EXECUTE FUNCTION marketplace_daily_vehicles_trg();
--> statement-breakpoint
CREATE TRIGGER "marketplace_daily_vehicles_upd_trg" AFTER UPDATE OF "created_at", "vehicle_type_id" ON "vehicles"
  FOR EACH ROW WHEN ((OLD.created_at, OLD.vehicle_type_id) IS DISTINCT FROM (NEW.created_at, NEW.vehicle_type_id))
  EXECUTE FUNCTION marketplace_daily_vehicles_trg();
--> statement-breakpoint
SELECT marketplace_daily_rebuild();
