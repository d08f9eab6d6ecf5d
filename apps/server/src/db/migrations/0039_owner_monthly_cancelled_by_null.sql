-- Issue 30 (ADR 032): a rental written Cancelled without cancelled_by (rows from before issue 27, tests'
-- fixtures) made 0037's owner_monthly_rental give NULL for by_owner and by_system (NULL = 'owner'), and the
-- summary's NOT NULL refused the rental's insert. Such a cancellation is the renter's, as the owner's live
-- query counts it (coalesce(cancelled_by, 'renter')); the owner's and the system's counts are then 0.
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
    (p_status = 'Cancelled' and coalesce(p_cancelled_by, 'renter') = 'owner')::integer,
    (p_status = 'Cancelled' and coalesce(p_cancelled_by, 'renter') = 'system')::integer,
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
