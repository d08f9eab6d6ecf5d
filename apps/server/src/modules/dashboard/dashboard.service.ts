import { sql, type SQL } from 'drizzle-orm';
import type { DashboardRangeQuery, MarketplaceDashboard, MarketplaceQuery, OwnerDashboard } from '@rentdrive/contracts/dashboard';
import type { Locale } from '@rentdrive/contracts/locales';
import { addDays, addMonths, dayInTimeZone, daysBetween } from '@rentdrive/domain/dates';
import type { DbOrTx } from '../../db/client';
import type { Clock } from '../../lib/clock';
import { toCsv, type CsvNumberFormat } from './dashboard-csv';
import type { SearchLog } from './search-log';

/**
 * The dashboards' figures (issue 30): SQL over the ledger (the truth for money) and the rentals (days),
 * one answer per screen. Days are calendar days in the marketplace's time zone; a period is
 * [from, to], both days included.
 */
export interface DashboardDeps {
  db: DbOrTx;
  clock: Clock;
  timeZone: string;
  companyFeePercent: number;
  searchLog: SearchLog;
}

type Row = Record<string, unknown>;

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

function share(booked: number, days: number): number {
  return days > 0 ? Math.round((booked / days) * 1000) / 1000 : 0;
}

export function createDashboardService({ db, clock, timeZone, companyFeePercent, searchLog }: DashboardDeps) {
  const today = () => dayInTimeZone(clock.now(), timeZone);
  /** Default period: the last 12 calendar months up to today. */
  function period(query: DashboardRangeQuery): { from: string; to: string } {
    const to = query.to ?? today();
    const from = query.from ?? addMonths(`${monthOf(to)}-01`, -11);
    return { from, to };
  }
  /** The instant a calendar day starts in the marketplace's zone, as SQL. */
  const dayStart = (day: string) => sql`(${day}::date::timestamp at time zone ${timeZone})`;
  const localDay = (column: SQL) => sql`(${column} at time zone ${timeZone})::date`;
  const ownerShare = (100 - companyFeePercent) / 100;

  /** A query's rows as one JSON array, so the owner's screen is one statement (one round trip). */
  const jsonRows = (query: SQL) => sql`(select coalesce(json_agg(x), '[]'::json) from (${query}) x)`;

  /** Earned (ledger) per vehicle and month of [from, to]: the owner's wallet's payouts, tied to their vehicles' rentals. */
  const earnedQuery = (ownerId: string, from: string, to: string) =>
    sql`select to_char(${localDay(sql`p.created_at`)}, 'YYYY-MM') as month, r.vehicle_id, sum(p.amount_cents) as cents
        from ledger_accounts a
        join ledger_postings p on p.account_id = a.id
        join ledger_transactions t on t.id = p.transaction_id
        join rentals r on r.id = t.rental_id
        where a.user_id = ${ownerId} and a.kind = 'wallet' and p.type = 'Rental Profit'
          and p.created_at >= ${dayStart(from)} and p.created_at < ${dayStart(addDays(to, 1))}
          and r.vehicle_id in (select id from vehicles where owner_id = ${ownerId})
        group by 1, 2`;
  /**
   * The period before's earnings in all: the owner's wallet's payouts (every 'Rental Profit' posting on a
   * wallet pays the owner of the rental's vehicle: wallet/rental-money.ts, booking-money.ts), without
   * the joins to each payout's rental the per-vehicle figures need.
   */
  const earnedTotalQuery = (ownerId: string, from: string, to: string) =>
    sql`select coalesce(sum(p.amount_cents), 0)
        from ledger_accounts a join ledger_postings p on p.account_id = a.id
        where a.user_id = ${ownerId} and a.kind = 'wallet' and p.type = 'Rental Profit'
          and p.created_at >= ${dayStart(from)} and p.created_at < ${dayStart(addDays(to, 1))}`;
  /**
   * Booked days of rentals not cancelled (cancelling deletes a rental's days) per vehicle and month;
   * pending: the days' price of rentals still active (the owner's share is taken in code). The days'
   * rentals are nearly all completed: only the owner's other rentals (active, requested, ...: a few
   * hundred, from rentals_vehicle_idx) are read and hash-joined, instead of one lookup per booked day.
   */
  const daysQuery = (ownerId: string, from: string, split: string, to: string) =>
    sql`with o as materialized (
          select r.id, r.status, r.price_per_day_cents from rentals r
          where r.vehicle_id in (select id from vehicles where owner_id = ${ownerId}) and r.status <> 'Completed')
        select d.day >= ${split}::date as current, to_char(d.day, 'YYYY-MM') as month, d.vehicle_id, count(*) as days,
          coalesce(sum(o.price_per_day_cents) filter (where o.status = 'Active'), 0) as pending
        from vehicles v
        join rental_days d on d.vehicle_id = v.id and d.rental_id is not null
        left join o on o.id = d.rental_id
        where v.owner_id = ${ownerId} and d.day between ${from}::date and ${to}::date and (o.id is null or o.status = 'Active')
        group by 1, 2, 3`;

  return {
    /**
     * Makes marketplace_daily count days in the app's TIME_ZONE: when the table's zone differs (a new
     * database starts in UTC, or TIME_ZONE changed), sets it and rebuilds the table from the raw tables
     * (ADR 031). Called once at start; a second instance starting at once waits for the lock and finds
     * the zone set.
     */
    async syncSummaryZone(): Promise<boolean> {
      const zoneOf = async (on: DbOrTx) =>
        (await rows<{ time_zone: string }>(on, sql`select time_zone from marketplace_daily_zone`))[0]?.time_zone;
      if ((await zoneOf(db)) === timeZone) return false;
      return db.transaction(async (tx) => {
        await tx.execute(sql`lock table marketplace_daily_zone in exclusive mode`);
        if ((await zoneOf(tx)) === timeZone) return false;
        await tx.execute(sql`delete from marketplace_daily_zone`);
        await tx.execute(sql`insert into marketplace_daily_zone (time_zone) values (${timeZone})`);
        await tx.execute(sql`select marketplace_daily_rebuild()`);
        return true;
      });
    },

    /**
     * Folds marketplace_daily's delta rows of the days before today into one row per day and type
     * (migration 0036): the triggers append a row per change, so that no writer waits on another's
     * summary row. Returns how many rows were folded (0 when another instance is compacting).
     */
    async compactSummary(): Promise<number> {
      const [row] = await rows<{ folded: number }>(db, sql`select marketplace_daily_compact(${today()}::date) as folded`);
      return Number(row?.folded ?? 0);
    },

    async owner(ownerId: string, query: DashboardRangeQuery): Promise<OwnerDashboard> {
      const { from, to } = period(query);
      const now = today();
      const length = daysBetween(from, to) + 1;
      const previous = { from: addDays(from, -length), to: addDays(from, -1) };

      // The whole screen in one statement (one round trip; each part reads an owner's rows through
      // an index: vehicles by owner, their days by (vehicle, day), their rentals by vehicle, the
      // owner's wallet's postings by (account, created_at)).
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
      }>(
        db,
        sql`select
          ${jsonRows(sql`select id, make || ' ' || model as name, row_number() over (order by make, model, id) as n
            from vehicles where owner_id = ${ownerId} and deleted_at is null`)} as vehicles,
          ${jsonRows(earnedQuery(ownerId, from, to))} as earned,
          (${earnedTotalQuery(ownerId, previous.from, previous.to)}) as previous_earned,
          ${jsonRows(daysQuery(ownerId, previous.from, from, to))} as days,
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
          ${jsonRows(
            // Bookings made in the period and what became of them (issue 27's cancelled_by: who cancelled).
            sql`select count(*) filter (where r.status in ('Active', 'Completed', 'Cancelled')) as bookings,
                count(*) filter (where r.status = 'Cancelled') as cancelled,
                count(*) filter (where r.status = 'Cancelled' and coalesce(r.cancelled_by, 'renter') = 'renter') as renter,
                count(*) filter (where r.status = 'Cancelled' and r.cancelled_by = 'owner') as owner,
                count(*) filter (where r.status = 'Cancelled' and r.cancelled_by = 'system') as system,
                count(*) filter (where r.status = 'Declined') as declined,
                count(*) filter (where r.status = 'Expired') as expired
              from vehicles v join rentals r on r.vehicle_id = v.id
              where v.owner_id = ${ownerId} and r.booked_at >= ${dayStart(from)} and r.booked_at < ${dayStart(addDays(to, 1))}`,
          )} as fate,
          (select sum(p.amount_cents)
            from vehicles v
            join rentals r on r.vehicle_id = v.id and r.status = 'Cancelled'
            join ledger_transactions t on t.rental_id = r.id
            join ledger_postings p on p.transaction_id = t.id and p.type = 'Refund'
            join ledger_accounts a on a.id = p.account_id and a.kind = 'wallet' and a.user_id = r.renter_id
            where v.owner_id = ${ownerId} and p.created_at >= ${dayStart(from)} and p.created_at < ${dayStart(addDays(to, 1))}) as refunded`,
      );
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
    },

    /**
     * The caller's wallet postings of [from, to] as CSV, oldest first: a rental's payout shows its
     * gross (the rental's total), the company's fee and the net paid; other postings gross = net.
     */
    async ownerTransactionsCsv(userId: string, query: DashboardRangeQuery, format: CsvNumberFormat): Promise<string> {
      const { from, to } = period(query);
      const found = await rows<{
        at: string;
        type: string;
        vehicle: string | null;
        rental_id: string | null;
        total: string | null;
        amount: string;
      }>(
        db,
        sql`select to_char(${localDay(sql`p.created_at`)}, 'YYYY-MM-DD') as at, p.type, v.make || ' ' || v.model as vehicle,
              t.rental_id, r.total_cents as total, p.amount_cents as amount
            from ledger_accounts a
            join ledger_postings p on p.account_id = a.id
            join ledger_transactions t on t.id = p.transaction_id
            left join rentals r on r.id = t.rental_id
            left join vehicles v on v.id = r.vehicle_id
            where a.user_id = ${userId} and a.kind = 'wallet'
              and p.created_at >= ${dayStart(from)} and p.created_at < ${dayStart(addDays(to, 1))}
            order by p.created_at, p.seq`,
      );
      const lines = found.map((r) => {
        const net = num(r.amount);
        const isPayout = r.type === 'Rental Profit' && r.total !== null;
        const gross = isPayout ? num(r.total) : net;
        return { date: r.at, type: r.type, vehicle: r.vehicle ?? '', rental: r.rental_id ?? '', gross, fee: gross - net, net };
      });
      return toCsv(lines, format);
    },

    async marketplace(query: MarketplaceQuery, locale: Locale | undefined): Promise<MarketplaceDashboard> {
      const { from, to } = period(query);
      const type = query.type ?? null;
      const granularity = daysBetween(from, to) + 1 <= 92 ? 'day' : 'month';
      // Everything by day comes from the daily summary (migration 0034, ADR 031), exact to the raw
      // tables (its triggers run in the writers' transactions); rows of type 0 are the new users.
      const summaryPeriod = granularity === 'day' ? sql`to_char(m.day, 'YYYY-MM-DD')` : sql`to_char(m.day, 'YYYY-MM')`;
      const typeFilter = type === null ? sql`true` : sql`v.vehicle_type_id = ${type}`;
      const [summary, [active], [held], types, demand] = await Promise.all([
        rows<{
          period: string;
          type_id: number;
          bookings: string;
          gross: string;
          take: string;
          cancellations: string;
          refunds: string;
          new_users: string;
          new_listings: string;
        }>(
          db,
          sql`select ${summaryPeriod} as period, m.vehicle_type_id as type_id, sum(m.bookings) as bookings, sum(m.gross_cents) as gross,
                sum(m.take_cents) as take, sum(m.cancellations) as cancellations, sum(m.refunds_cents) as refunds,
                sum(m.new_users) as new_users, sum(m.new_listings) as new_listings
              from marketplace_daily m
              where m.day between ${from}::date and ${to}::date
                and ${type === null ? sql`true` : sql`m.vehicle_type_id in (0, ${type})`}
              group by 1, 2`,
        ),
        rows<{ n: string }>(
          db,
          sql`select count(*) as n from vehicles v where v.deleted_at is null and v.hidden_at is null and ${typeFilter}`,
        ),
        rows<{ cents: string | null }>(
          db,
          // Users' wallets hold what the ledger's other accounts do not: every posting balances (the
          // ledger check proves the sum is zero), users have only wallets, and the system accounts
          // (no user) and the company's wallet are a handful of rows (no scan of every wallet).
          sql`select -(select coalesce(sum(a.balance_cents), 0) from ledger_accounts a where a.user_id is null)
                - (select coalesce(sum(a.balance_cents), 0) from users u join ledger_accounts a on a.user_id = u.id
                   where u.is_company_account) as cents`,
        ),
        rows<{ id: number; name: string }>(db, sql`select id, name from vehicle_types order by name`),
        searchLog.demand(from, to),
      ]);

      const periods = granularity === 'day' ? dayList(from, to) : monthsOf(from, to);
      const byPeriod = new Map<string, typeof summary>();
      for (const r of summary) byPeriod.set(r.period, [...(byPeriod.get(r.period) ?? []), r]);
      const sumOf = (list: typeof summary | undefined, key: Exclude<keyof (typeof summary)[number], 'period' | 'type_id'>) =>
        (list ?? []).reduce((s, r) => s + num(r[key]), 0);
      const series = periods.map((p) => {
        const list = byPeriod.get(p);
        return {
          period: p,
          bookings: sumOf(list, 'bookings'),
          grossCents: sumOf(list, 'gross'),
          takeCents: sumOf(list, 'take'),
          cancellations: sumOf(list, 'cancellations'),
          refundsCents: sumOf(list, 'refunds'),
          newUsers: sumOf(list, 'new_users'),
          newListings: sumOf(list, 'new_listings'),
        };
      });
      const total = (key: keyof (typeof series)[number]) => series.reduce((s, r) => s + (typeof r[key] === 'number' ? r[key] : 0), 0);
      const typeName = (id: number) => types.find((t) => t.id === id)?.name ?? String(id);
      // The types with a booking or money in the period (0 holds only the new users).
      const ofType = (id: number) => summary.filter((r) => Number(r.type_id) === id);
      const typeIds = [...new Set(summary.map((r) => Number(r.type_id)))].filter(
        (id) => id !== 0 && ofType(id).some((r) => num(r.bookings) !== 0 || num(r.take) !== 0 || num(r.refunds) !== 0),
      );
      void locale;
      return {
        from,
        to,
        type,
        granularity,
        series,
        totals: {
          bookings: total('bookings'),
          grossCents: total('grossCents'),
          takeCents: total('takeCents'),
          cancellations: total('cancellations'),
          refundsCents: total('refundsCents'),
          newUsers: total('newUsers'),
          newListings: total('newListings'),
          activeListings: num(active?.n),
          walletHeldCents: num(held?.cents),
        },
        byType: typeIds
          .map((id) => ({
            typeId: Number(id),
            name: typeName(Number(id)),
            bookings: sumOf(ofType(id), 'bookings'),
            grossCents: sumOf(ofType(id), 'gross'),
            takeCents: sumOf(ofType(id), 'take'),
          }))
          .sort((a, b) => b.grossCents - a.grossCents),
        types: types.map((t) => ({ id: Number(t.id), name: t.name })),
        searchDemand: demand,
      };
    },
  };
}

function dayList(from: string, to: string): string[] {
  const days: string[] = [];
  for (let day = from; day <= to; day = addDays(day, 1)) days.push(day);
  return days;
}

export type DashboardService = ReturnType<typeof createDashboardService>;
