import { sql, type SQL } from 'drizzle-orm';
import type { DashboardRangeQuery, OwnerDashboard } from '@rentdrive/contracts/dashboard';
import { addDays, addMonths, daysBetween } from '@rentdrive/domain/dates';
import type { DbOrTx } from '../../db/client';

/**
 * The owner's screen (issue 30) in one SQL statement. Whole months of a period come from the summary
 * owner_monthly (migration 0037, ADR 032: kept by triggers, equal to the raw tables at every commit);
 * the days of the period outside its whole months from the raw tables, with the same definitions.
 */
type Row = Record<string, unknown>;
type Days = { from: string; to: string };

async function rows<T extends Row = Row>(db: DbOrTx, query: SQL): Promise<T[]> {
  // eslint-disable-next-line @typescript-eslint/no-unnecessary-type-assertion -- the drivers type execute() apart; both answers carry `rows`.
  return ((await db.execute(query)) as unknown as { rows: T[] }).rows;
}

const num = (value: unknown): number => Number(value ?? 0);
const monthOf = (day: string) => day.slice(0, 7);

/** The months from the one of `from` to the one of `to`, oldest first ('2026-05'). */
export function monthsOf(from: string, to: string): string[] {
  const months: string[] = [];
  for (let day = `${monthOf(from)}-01`; monthOf(day) <= monthOf(to); day = addMonths(day, 1)) months.push(monthOf(day));
  return months;
}

/**
 * [from, to] as the whole calendar months inside it (their first days, for the summary) and the days
 * outside them (at most one stretch at each end, for the raw tables).
 */
export function splitByMonths(from: string, to: string): { months: Days | null; days: Days[] } {
  const first = from.endsWith('-01') ? from : addMonths(`${monthOf(from)}-01`, 1);
  const last = addDays(to, 1).endsWith('-01') ? to : addDays(`${monthOf(to)}-01`, -1);
  if (first > last) return { months: null, days: [{ from, to }] };
  const days: Days[] = [];
  if (from < first) days.push({ from, to: addDays(first, -1) });
  if (last < to) days.push({ from: addDays(last, 1), to });
  return { months: { from: first, to: `${monthOf(last)}-01` }, days };
}

function share(booked: number, days: number): number {
  return days > 0 ? Math.round((booked / days) * 1000) / 1000 : 0;
}

export function createOwnerDashboard({
  db,
  timeZone,
  companyFeePercent,
  today,
  period,
}: {
  db: DbOrTx;
  timeZone: string;
  companyFeePercent: number;
  today: () => string;
  period: (query: DashboardRangeQuery) => { from: string; to: string };
}) {
  /** The instant a calendar day starts in the marketplace's zone, as SQL. */
  const dayStart = (day: string) => sql`(${day}::date::timestamp at time zone ${timeZone})`;
  const localDay = (column: SQL) => sql`(${column} at time zone ${timeZone})::date`;
  const ownerShare = (100 - companyFeePercent) / 100;
  /** A query's rows as one JSON array, so the owner's screen is one statement (one round trip). */
  const jsonRows = (query: SQL) => sql`(select coalesce(json_agg(x), '[]'::json) from (${query}) x)`;
  const unionAll = (parts: SQL[]) =>
    sql.join(
      parts.map((part) => sql`(${part})`),
      sql` union all `,
    );
  /** The owner's vehicles, deleted ones too (their past figures). */
  const vehiclesOf = (ownerId: string) => sql`(select id from vehicles where owner_id = ${ownerId})`;
  /**
   * The summary's rows of the owner's vehicles: `= any(array(...))` reads the ~50 ids once and then the
   * summary's index per id (an `in (select ...)` semi-join was planned as a parallel scan of every vehicle).
   */
  const ofOwnersVehicles = (ownerId: string) => sql`s.vehicle_id = any(array(select id from vehicles where owner_id = ${ownerId}))`;
  const inMonths = (months: Days) => sql`s.month between ${months.from}::date and ${months.to}::date`;
  /**
   * The parts of [from, to]: its whole months from the summary; each stretch of days outside them from
   * the raw tables or, when it is most of one month, as that month's summary less the rest of the month
   * from the raw tables (`negate`d): for the current month up to today the rest is the days ahead,
   * with little or nothing to read, where the stretch itself is a month of payouts, days and bookings.
   */
  const parts = (from: string, to: string, summary: (months: Days) => SQL, raw: (days: Days) => SQL, negate: (part: SQL) => SQL) => {
    const split = splitByMonths(from, to);
    const out: SQL[] = split.months ? [summary(split.months)] : [];
    for (const days of split.days) {
      const first = `${monthOf(days.from)}-01`;
      const last = addDays(addMonths(first, 1), -1);
      const inside = daysBetween(days.from, days.to) + 1;
      if (monthOf(days.from) !== monthOf(days.to) || daysBetween(first, last) + 1 - inside >= inside) {
        out.push(raw(days));
        continue;
      }
      out.push(summary({ from: first, to: first }));
      if (first < days.from) out.push(negate(raw({ from: first, to: addDays(days.from, -1) })));
      if (days.to < last) out.push(negate(raw({ from: addDays(days.to, 1), to: last })));
    }
    return out;
  };
  const negateCents = (part: SQL) => sql`select -x.cents as cents from (${part}) x`;

  /** Earned (ledger) per vehicle and month of [from, to]: the owner's wallet's payouts, tied to their vehicles' rentals. */
  const earnedRaw = (ownerId: string, { from, to }: Days) =>
    sql`select to_char(${localDay(sql`p.created_at`)}, 'YYYY-MM') as month, r.vehicle_id, sum(p.amount_cents) as cents, count(*) as n
        from ledger_accounts a
        join ledger_postings p on p.account_id = a.id
        join ledger_transactions t on t.id = p.transaction_id
        join rentals r on r.id = t.rental_id
        where a.user_id = ${ownerId} and a.kind = 'wallet' and p.type = 'Rental Profit'
          and p.created_at >= ${dayStart(from)} and p.created_at < ${dayStart(addDays(to, 1))}
          and r.vehicle_id in ${vehiclesOf(ownerId)}
        group by 1, 2`;
  const earnedSummary = (ownerId: string, months: Days) =>
    sql`select to_char(s.month, 'YYYY-MM') as month, s.vehicle_id, sum(s.earned_cents) as cents, sum(s.payouts) as n
        from owner_monthly s
        where s.payee_id = ${ownerId} and ${ofOwnersVehicles(ownerId)} and ${inMonths(months)}
        group by s.month, s.vehicle_id`;
  /**
   * The period before's earnings in all: the owner's wallet's payouts (every 'Rental Profit' posting on a
   * wallet pays the owner of the rental's vehicle: wallet/rental-money.ts, booking-money.ts), without
   * the joins to each payout's rental the per-vehicle figures need.
   */
  const earnedTotalRaw = (ownerId: string, { from, to }: Days) =>
    sql`select sum(p.amount_cents) as cents
        from ledger_accounts a join ledger_postings p on p.account_id = a.id
        where a.user_id = ${ownerId} and a.kind = 'wallet' and p.type = 'Rental Profit'
          and p.created_at >= ${dayStart(from)} and p.created_at < ${dayStart(addDays(to, 1))}`;
  const earnedTotalSummary = (ownerId: string, months: Days) =>
    sql`select sum(s.earned_cents) as cents from owner_monthly s where s.payee_id = ${ownerId} and ${inMonths(months)}`;
  /**
   * Booked days of rentals active or completed (cancelling deletes a rental's days; a request's days
   * are not booked yet) per vehicle and month; pending: the days' price of rentals still active (the
   * owner's share is taken in code). The same definition as owner_monthly's (migration 0037); only the
   * days outside the summary's whole months are read here (a month at most at each end), each with
   * its rental by primary key.
   */
  const daysRaw = (ownerId: string, current: boolean, { from, to }: Days) =>
    sql`select ${current}::boolean as current, to_char(d.day, 'YYYY-MM') as month, d.vehicle_id, count(*) as days,
          coalesce(sum(r.price_per_day_cents) filter (where r.status = 'Active'), 0) as pending
        from vehicles v
        join rental_days d on d.vehicle_id = v.id and d.rental_id is not null
        join rentals r on r.id = d.rental_id and r.status in ('Active', 'Completed')
        where v.owner_id = ${ownerId} and d.day between ${from}::date and ${to}::date
        group by 2, 3`;
  const daysSummary = (ownerId: string, current: boolean, months: Days) =>
    sql`select ${current}::boolean as current, to_char(s.month, 'YYYY-MM') as month, s.vehicle_id, sum(s.days) as days, sum(s.pending_cents) as pending
        from owner_monthly s
        where ${ofOwnersVehicles(ownerId)} and ${inMonths(months)}
        group by s.month, s.vehicle_id`;
  /** Bookings made in the period and what became of them (issue 27's cancelled_by: who cancelled). */
  const fateRaw = (ownerId: string, { from, to }: Days) =>
    sql`select count(*) filter (where r.status in ('Active', 'Completed', 'Cancelled')) as bookings,
          count(*) filter (where r.status = 'Cancelled') as cancelled,
          count(*) filter (where r.status = 'Cancelled' and coalesce(r.cancelled_by, 'renter') = 'renter') as renter,
          count(*) filter (where r.status = 'Cancelled' and r.cancelled_by = 'owner') as owner,
          count(*) filter (where r.status = 'Cancelled' and r.cancelled_by = 'system') as system,
          count(*) filter (where r.status = 'Declined') as declined,
          count(*) filter (where r.status = 'Expired') as expired
        from vehicles v join rentals r on r.vehicle_id = v.id
        where v.owner_id = ${ownerId} and r.booked_at >= ${dayStart(from)} and r.booked_at < ${dayStart(addDays(to, 1))}`;
  const fateSummary = (ownerId: string, months: Days) =>
    sql`select sum(s.bookings) as bookings, sum(s.cancelled) as cancelled, sum(s.by_renter) as renter, sum(s.by_owner) as owner,
          sum(s.by_system) as system, sum(s.declined) as declined, sum(s.expired) as expired
        from owner_monthly s where ${ofOwnersVehicles(ownerId)} and ${inMonths(months)}`;
  /** Refunds to the renters of the owner's cancelled rentals (the ledger's postings on their wallets). */
  const refundsRaw = (ownerId: string, { from, to }: Days) =>
    sql`select sum(p.amount_cents) as cents
        from vehicles v
        join rentals r on r.vehicle_id = v.id and r.status = 'Cancelled'
        join ledger_transactions t on t.rental_id = r.id
        join ledger_postings p on p.transaction_id = t.id and p.type = 'Refund'
        join ledger_accounts a on a.id = p.account_id and a.kind = 'wallet' and a.user_id = r.renter_id
        where v.owner_id = ${ownerId} and p.created_at >= ${dayStart(from)} and p.created_at < ${dayStart(addDays(to, 1))}`;
  const refundsSummary = (ownerId: string, months: Days) =>
    sql`select sum(s.refunds_cents) as cents from owner_monthly s where ${ofOwnersVehicles(ownerId)} and ${inMonths(months)}`;
  /**
   * The whole screen in one statement (one round trip; each part reads an owner's rows through an
   * index: the summary by vehicle or payee and month, vehicles by owner, their days by (vehicle, day),
   * their rentals by vehicle, the owner's wallet's postings by (account, created_at)).
   */
  function statement(ownerId: string, query: DashboardRangeQuery) {
    const { from, to } = period(query);
    const now = today();
    const length = daysBetween(from, to) + 1;
    const previous = { from: addDays(from, -length), to: addDays(from, -1) };
    const fateParts = parts(
      from,
      to,
      (m) => fateSummary(ownerId, m),
      (d) => fateRaw(ownerId, d),
      (part) => sql`select -x.bookings as bookings, -x.cancelled as cancelled, -x.renter as renter, -x.owner as owner,
        -x.system as system, -x.declined as declined, -x.expired as expired from (${part}) x`,
    );
    const negateEarned = (part: SQL) => sql`select x.month, x.vehicle_id, -x.cents as cents, -x.n as n from (${part}) x`;
    const negateDays = (part: SQL) => sql`select x.current, x.month, x.vehicle_id, -x.days as days, -x.pending as pending from (${part}) x`;
    return {
      from,
      to,
      now,
      previous,
      query: sql`select
        ${jsonRows(sql`select id, make || ' ' || model as name, row_number() over (order by make, model, id) as n
          from vehicles where owner_id = ${ownerId} and deleted_at is null`)} as vehicles,
        ${jsonRows(
          sql`select y.month, y.vehicle_id, sum(y.cents) as cents from (${unionAll(
            parts(
              from,
              to,
              (m) => earnedSummary(ownerId, m),
              (d) => earnedRaw(ownerId, d),
              negateEarned,
            ),
          )}) y group by 1, 2 having sum(y.n) > 0`,
        )} as earned,
        (select coalesce(sum(x.cents), 0) from (${unionAll(
          parts(
            previous.from,
            previous.to,
            (m) => earnedTotalSummary(ownerId, m),
            (d) => earnedTotalRaw(ownerId, d),
            negateCents,
          ),
        )}) x) as previous_earned,
        ${jsonRows(
          sql`select y.current, y.month, y.vehicle_id, sum(y.days) as days, sum(y.pending) as pending from (${unionAll([
            ...parts(
              previous.from,
              previous.to,
              (m) => daysSummary(ownerId, false, m),
              (d) => daysRaw(ownerId, false, d),
              negateDays,
            ),
            ...parts(
              from,
              to,
              (m) => daysSummary(ownerId, true, m),
              (d) => daysRaw(ownerId, true, d),
              negateDays,
            ),
          ])}) y group by 1, 2, 3 having sum(y.days) > 0`,
        )} as days,
        ${jsonRows(
          // Occupancy: booked days in each window (the windows end yesterday, or start today for next30).
          sql`select d.vehicle_id,
              count(*) filter (where d.day between ${addDays(now, -30)}::date and ${addDays(now, -1)}::date) as d30,
              count(*) filter (where d.day between ${addDays(now, -90)}::date and ${addDays(now, -1)}::date) as d90,
              count(*) filter (where d.day < ${now}::date) as d365,
              count(*) filter (where d.day between ${now}::date and ${addDays(now, 29)}::date) as n30
            from vehicles v join rental_days d on d.vehicle_id = v.id and d.rental_id is not null
            where v.owner_id = ${ownerId} and v.deleted_at is null
              and d.day between ${addDays(now, -365)}::date and ${addDays(now, 29)}::date
            group by d.vehicle_id`,
        )} as occupancy,
        ${jsonRows(sql`select d.vehicle_id, to_char(d.day, 'YYYY-MM-DD') as day, d.rental_id is not null as booked
          from vehicles v join rental_days d on d.vehicle_id = v.id
          where v.owner_id = ${ownerId} and v.deleted_at is null and d.day between ${now}::date and ${addDays(now, 59)}::date`)} as strip,
        ${jsonRows(sql`select r.vehicle_id, to_char(${localDay(sql`r.created_at`)}, 'YYYY-MM') as month, avg(r.star_rating) as average,
            count(*) as n
          from vehicles v join reviews r on r.vehicle_id = v.id
          where v.owner_id = ${ownerId} and r.published_at is not null
            and r.created_at >= ${dayStart(from)} and r.created_at < ${dayStart(addDays(to, 1))}
          group by 1, 2`)} as ratings,
        ${jsonRows(sql`(select 'pickup' as kind, to_char(r.start_date, 'YYYY-MM-DD') as day, r.id as rental_id, v.id as vehicle_id,
              v.make || ' ' || v.model as vehicle_name, u.username as renter
            from vehicles v join rentals r on r.vehicle_id = v.id join users u on u.id = r.renter_id
            where v.owner_id = ${ownerId} and r.status = 'Active' and r.start_date >= ${now}::date
            order by r.start_date, r.id limit 10)
          union all
          (select 'return', to_char(r.end_date, 'YYYY-MM-DD'), r.id, v.id, v.make || ' ' || v.model, u.username
            from vehicles v join rentals r on r.vehicle_id = v.id join users u on u.id = r.renter_id
            where v.owner_id = ${ownerId} and r.status = 'Active' and r.end_date >= ${now}::date
            order by r.end_date, r.id limit 10)`)} as upcoming,
        ${jsonRows(sql`select coalesce(sum(x.bookings), 0) as bookings, coalesce(sum(x.cancelled), 0) as cancelled,
            coalesce(sum(x.renter), 0) as renter, coalesce(sum(x.owner), 0) as owner, coalesce(sum(x.system), 0) as system,
            coalesce(sum(x.declined), 0) as declined, coalesce(sum(x.expired), 0) as expired
          from (${unionAll(fateParts)}) x`)} as fate,
        (select sum(x.cents) from (${unionAll(
          parts(
            from,
            to,
            (m) => refundsSummary(ownerId, m),
            (d) => refundsRaw(ownerId, d),
            negateCents,
          ),
        )}) x) as refunded`,
    };
  }

  async function owner(ownerId: string, query: DashboardRangeQuery): Promise<OwnerDashboard> {
    const { from, to, now, previous, query: text } = statement(ownerId, query);
    const [answer] = await rows<{
      vehicles: { id: string; name: string; n: number }[];
      earned: { month: string; vehicle_id: string; cents: number | string }[];
      previous_earned: number | string;
      days: { current: boolean; month: string; vehicle_id: string; days: number | string; pending: number | string }[];
      occupancy: { vehicle_id: string; d30: number; d90: number; d365: number; n30: number }[];
      strip: { vehicle_id: string; day: string; booked: boolean }[];
      ratings: { vehicle_id: string; month: string; average: number | string; n: number }[];
      upcoming: { kind: 'pickup' | 'return'; day: string; rental_id: string; vehicle_id: string; vehicle_name: string; renter: string }[];
      fate: Record<'bookings' | 'cancelled' | 'renter' | 'owner' | 'system' | 'declined' | 'expired', number>[];
      refunded: number | string | null;
    }>(db, text);
    const vehicleRows = [...answer!.vehicles].sort((a, b) => num(a.n) - num(b.n));
    const current = { earned: answer!.earned, days: answer!.days.filter((r) => r.current) };
    const before = { earned: [{ cents: answer!.previous_earned }], days: answer!.days.filter((r) => !r.current) };
    const { occupancy: occupancyRows, strip: stripRows, upcoming: upcomingRows } = answer!;
    const ratingRows = [...answer!.ratings].sort((a, b) => a.month.localeCompare(b.month));
    const fate = answer!.fate[0];
    const refunded = { cents: answer!.refunded };

    const months = monthsOf(from, to).map((month) => {
      const byVehicle = new Map<string, { vehicleId: string; earnedCents: number; pendingCents: number; daysBooked: number }>();
      const entry = (vehicleId: string) => {
        let found = byVehicle.get(vehicleId);
        if (!found) byVehicle.set(vehicleId, (found = { vehicleId, earnedCents: 0, pendingCents: 0, daysBooked: 0 }));
        return found;
      };
      for (const r of current.earned) if (r.month === month) entry(r.vehicle_id).earnedCents += num(r.cents);
      for (const r of current.days) {
        if (r.month !== month) continue;
        entry(r.vehicle_id).daysBooked += num(r.days);
        entry(r.vehicle_id).pendingCents += Math.round(num(r.pending) * ownerShare);
      }
      return { month, vehicles: [...byVehicle.values()] };
    });
    const sum = (figures: { earned: { cents: number | string }[]; days: typeof current.days }) => ({
      earnedCents: figures.earned.reduce((s, r) => s + num(r.cents), 0),
      pendingCents: figures.days.reduce((s, r) => s + Math.round(num(r.pending) * ownerShare), 0),
      daysBooked: figures.days.reduce((s, r) => s + num(r.days), 0),
    });
    const bookings = num(fate?.bookings);

    return {
      from,
      to,
      today: now,
      months,
      cancellations: {
        bookings,
        cancelled: num(fate?.cancelled),
        byRenter: num(fate?.renter),
        byOwner: num(fate?.owner),
        bySystem: num(fate?.system),
        rate: share(num(fate?.cancelled), bookings),
        ownerRate: share(num(fate?.owner), bookings),
        refundedCents: num(refunded?.cents),
        declined: num(fate?.declined),
        expired: num(fate?.expired),
      },
      totals: sum(current),
      previous: { ...previous, ...sum(before) },
      vehicles: vehicleRows.map((vehicle) => {
        const o = occupancyRows.find((r) => r.vehicle_id === vehicle.id);
        const taken = new Map(stripRows.filter((r) => r.vehicle_id === vehicle.id).map((r) => [r.day, r.booked ? 'b' : 'x']));
        let strip = '';
        for (let i = 0; i < 60; i++) strip += taken.get(addDays(now, i)) ?? 'f';
        return {
          id: vehicle.id,
          name: vehicle.name,
          occupancy: {
            last30: share(num(o?.d30), 30),
            last90: share(num(o?.d90), 90),
            last365: share(num(o?.d365), 365),
            next30: share(num(o?.n30), 30),
          },
          strip,
          ratings: ratingRows
            .filter((r) => r.vehicle_id === vehicle.id)
            .map((r) => ({ month: r.month, average: Math.round(num(r.average) * 100) / 100, count: num(r.n) })),
        };
      }),
      upcoming: upcomingRows
        .map((r) => ({
          kind: r.kind,
          date: r.day,
          rentalId: r.rental_id,
          vehicleId: r.vehicle_id,
          vehicleName: r.vehicle_name,
          renterName: r.renter,
        }))
        .sort((a, b) => a.date.localeCompare(b.date) || (a.kind === b.kind ? 0 : a.kind === 'return' ? -1 : 1))
        .slice(0, 10),
    };
  }

  return { statement, owner };
}
