import type { DashboardRangeQuery, MarketplaceDashboard, MarketplaceQuery, OwnerDashboard } from '@rentdrive/contracts/dashboard';
import type { Locale } from '@rentdrive/contracts/locales';
import { addDays, addMonths, dayInTimeZone, daysBetween } from '@rentdrive/domain/dates';
import { sql, type SQL } from 'drizzle-orm';
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

  /** Earned (ledger), pending and booked days per vehicle and month of [from, to]. */
  async function monthFigures(ownerId: string, from: string, to: string) {
    const earned = await rows<{ month: string; vehicle_id: string; cents: string }>(
      db,
      sql`select to_char(${localDay(sql`p.created_at`)}, 'YYYY-MM') as month, r.vehicle_id, sum(p.amount_cents) as cents
          from ledger_accounts a
          join ledger_postings p on p.account_id = a.id
          join ledger_transactions t on t.id = p.transaction_id
          join rentals r on r.id = t.rental_id
          join vehicles v on v.id = r.vehicle_id and v.owner_id = ${ownerId}
          where a.user_id = ${ownerId} and a.kind = 'wallet' and p.type = 'Rental Profit'
            and p.created_at >= ${dayStart(from)} and p.created_at < ${dayStart(addDays(to, 1))}
          group by 1, 2`,
    );
    // Booked days of rentals not cancelled (cancelling deletes a rental's days); pending: the owner's
    // share of the days of rentals still active.
    const days = await rows<{ month: string; vehicle_id: string; days: string; pending: string }>(
      db,
      sql`select to_char(d.day, 'YYYY-MM') as month, d.vehicle_id, count(*) as days,
            coalesce(sum(r.price_per_day_cents) filter (where r.status = 'Active'), 0) as pending
          from vehicles v
          join rental_days d on d.vehicle_id = v.id and d.rental_id is not null
          join rentals r on r.id = d.rental_id
          where v.owner_id = ${ownerId} and d.day between ${from}::date and ${to}::date and r.status in ('Active', 'Completed')
          group by 1, 2`,
    );
    return { earned, days };
  }

  return {
    async owner(ownerId: string, query: DashboardRangeQuery): Promise<OwnerDashboard> {
      const { from, to } = period(query);
      const now = today();
      const length = daysBetween(from, to) + 1;
      const previous = { from: addDays(from, -length), to: addDays(from, -1) };

      const vehicleRows = await rows<{ id: string; name: string }>(
        db,
        sql`select id, make || ' ' || model as name from vehicles where owner_id = ${ownerId} and deleted_at is null order by make, model, id`,
      );
      const current = await monthFigures(ownerId, from, to);
      const before = await monthFigures(ownerId, previous.from, previous.to);

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
      const sum = (figures: typeof current) => ({
        earnedCents: figures.earned.reduce((s, r) => s + num(r.cents), 0),
        pendingCents: figures.days.reduce((s, r) => s + Math.round(num(r.pending) * ownerShare), 0),
        daysBooked: figures.days.reduce((s, r) => s + num(r.days), 0),
      });

      // Occupancy: booked days in each window (the windows end yesterday, or start today for next30).
      const occupancyRows = await rows<{ vehicle_id: string; d30: string; d90: string; d365: string; n30: string }>(
        db,
        sql`select d.vehicle_id,
              count(*) filter (where d.day between ${addDays(now, -30)}::date and ${addDays(now, -1)}::date) as d30,
              count(*) filter (where d.day between ${addDays(now, -90)}::date and ${addDays(now, -1)}::date) as d90,
              count(*) filter (where d.day < ${now}::date) as d365,
              count(*) filter (where d.day between ${now}::date and ${addDays(now, 29)}::date) as n30
            from vehicles v join rental_days d on d.vehicle_id = v.id and d.rental_id is not null
            where v.owner_id = ${ownerId} and v.deleted_at is null
              and d.day between ${addDays(now, -365)}::date and ${addDays(now, 29)}::date
            group by d.vehicle_id`,
      );
      const stripRows = await rows<{ vehicle_id: string; day: string; booked: boolean }>(
        db,
        sql`select d.vehicle_id, to_char(d.day, 'YYYY-MM-DD') as day, d.rental_id is not null as booked
            from vehicles v join rental_days d on d.vehicle_id = v.id
            where v.owner_id = ${ownerId} and v.deleted_at is null and d.day between ${now}::date and ${addDays(now, 59)}::date`,
      );
      const ratingRows = await rows<{ vehicle_id: string; month: string; average: string; n: string }>(
        db,
        sql`select r.vehicle_id, to_char(${localDay(sql`r.created_at`)}, 'YYYY-MM') as month, avg(r.star_rating) as average, count(*) as n
            from vehicles v join reviews r on r.vehicle_id = v.id
            where v.owner_id = ${ownerId} and r.published_at is not null and r.created_at >= ${dayStart(from)} and r.created_at < ${dayStart(addDays(to, 1))}
            group by 1, 2 order by 2`,
      );
      const upcomingRows = await rows<{
        kind: 'pickup' | 'return';
        day: string;
        rental_id: string;
        vehicle_id: string;
        vehicle_name: string;
        renter: string;
      }>(
        db,
        sql`(select 'pickup' as kind, to_char(r.start_date, 'YYYY-MM-DD') as day, r.id as rental_id, v.id as vehicle_id,
                v.make || ' ' || v.model as vehicle_name, u.username as renter
              from vehicles v join rentals r on r.vehicle_id = v.id join users u on u.id = r.renter_id
              where v.owner_id = ${ownerId} and r.status = 'Active' and r.start_date >= ${now}::date
              order by r.start_date, r.id limit 10)
            union all
            (select 'return', to_char(r.end_date, 'YYYY-MM-DD'), r.id, v.id, v.make || ' ' || v.model, u.username
              from vehicles v join rentals r on r.vehicle_id = v.id join users u on u.id = r.renter_id
              where v.owner_id = ${ownerId} and r.status = 'Active' and r.end_date >= ${now}::date
              order by r.end_date, r.id limit 10)`,
      );

      // Bookings made in the period and what became of them (issue 27's cancelled_by: who cancelled).
      const [fate] = await rows<Record<'bookings' | 'cancelled' | 'renter' | 'owner' | 'system' | 'declined' | 'expired', string>>(
        db,
        sql`select count(*) filter (where r.status in ('Active', 'Completed', 'Cancelled')) as bookings,
              count(*) filter (where r.status = 'Cancelled') as cancelled,
              count(*) filter (where r.status = 'Cancelled' and coalesce(r.cancelled_by, 'renter') = 'renter') as renter,
              count(*) filter (where r.status = 'Cancelled' and r.cancelled_by = 'owner') as owner,
              count(*) filter (where r.status = 'Cancelled' and r.cancelled_by = 'system') as system,
              count(*) filter (where r.status = 'Declined') as declined,
              count(*) filter (where r.status = 'Expired') as expired
            from vehicles v join rentals r on r.vehicle_id = v.id
            where v.owner_id = ${ownerId} and r.booked_at >= ${dayStart(from)} and r.booked_at < ${dayStart(addDays(to, 1))}`,
      );
      const [refunded] = await rows<{ cents: string | null }>(
        db,
        sql`select sum(p.amount_cents) as cents
            from vehicles v
            join rentals r on r.vehicle_id = v.id and r.status = 'Cancelled'
            join ledger_transactions t on t.rental_id = r.id
            join ledger_postings p on p.transaction_id = t.id and p.type = 'Refund'
            join ledger_accounts a on a.id = p.account_id and a.kind = 'wallet' and a.user_id = r.renter_id
            where v.owner_id = ${ownerId} and p.created_at >= ${dayStart(from)} and p.created_at < ${dayStart(addDays(to, 1))}`,
      );
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
      const bucket = (column: SQL) =>
        granularity === 'day' ? sql`to_char(${localDay(column)}, 'YYYY-MM-DD')` : sql`to_char(${localDay(column)}, 'YYYY-MM')`;
      const fromTs = dayStart(from);
      const toTs = dayStart(addDays(to, 1));
      const typeFilter = type === null ? sql`true` : sql`v.vehicle_type_id = ${type}`;

      const booked = await rows<{ period: string; type_id: number; bookings: string; gross: string }>(
        db,
        sql`select ${bucket(sql`r.booked_at`)} as period, v.vehicle_type_id as type_id, count(*) as bookings, sum(r.total_cents) as gross
            from rentals r join vehicles v on v.id = r.vehicle_id
            where r.booked_at >= ${fromTs} and r.booked_at < ${toTs} and ${typeFilter}
            group by 1, 2`,
      );
      const cancelled = await rows<{ period: string; n: string }>(
        db,
        sql`select ${bucket(sql`r.cancelled_at`)} as period, count(*) as n
            from rentals r join vehicles v on v.id = r.vehicle_id
            where r.status = 'Cancelled' and r.cancelled_at >= ${fromTs} and r.cancelled_at < ${toTs} and ${typeFilter}
            group by 1`,
      );
      // Money from the ledger: the company's fee and the refunds, each tied to its rental's vehicle.
      const money = await rows<{ period: string; type_id: number; take: string; refunds: string }>(
        db,
        sql`select ${bucket(sql`p.created_at`)} as period, v.vehicle_type_id as type_id,
              coalesce(sum(p.amount_cents) filter (where p.type = 'Company Rental Fee Profit'), 0) as take,
              coalesce(sum(p.amount_cents) filter (where p.type = 'Refund' and a.kind = 'wallet'), 0) as refunds
            from ledger_postings p
            join ledger_accounts a on a.id = p.account_id
            join ledger_transactions t on t.id = p.transaction_id
            join rentals r on r.id = t.rental_id
            join vehicles v on v.id = r.vehicle_id
            where p.created_at >= ${fromTs} and p.created_at < ${toTs} and p.type in ('Company Rental Fee Profit', 'Refund') and ${typeFilter}
            group by 1, 2`,
      );
      const newUsers = await rows<{ period: string; n: string }>(
        db,
        sql`select ${bucket(sql`u.created_at`)} as period, count(*) as n from users u
            where u.created_at >= ${fromTs} and u.created_at < ${toTs} and not u.is_company_account group by 1`,
      );
      const newListings = await rows<{ period: string; n: string }>(
        db,
        sql`select ${bucket(sql`v.created_at`)} as period, count(*) as n from vehicles v
            where v.created_at >= ${fromTs} and v.created_at < ${toTs} and ${typeFilter} group by 1`,
      );
      const [active] = await rows<{ n: string }>(
        db,
        sql`select count(*) as n from vehicles v where v.deleted_at is null and v.hidden_at is null and ${typeFilter}`,
      );
      const [held] = await rows<{ cents: string | null }>(
        db,
        sql`select sum(a.balance_cents) as cents from ledger_accounts a join users u on u.id = a.user_id
            where a.kind = 'wallet' and not u.is_company_account`,
      );
      const types = await rows<{ id: number; name: string }>(db, sql`select id, name from vehicle_types order by name`);

      const periods = granularity === 'day' ? dayList(from, to) : monthsOf(from, to);
      const byPeriod = <T extends { period: string }>(list: T[], p: string): T[] => list.filter((r) => r.period === p);
      const series = periods.map((p) => ({
        period: p,
        bookings: byPeriod(booked, p).reduce((s, r) => s + num(r.bookings), 0),
        grossCents: byPeriod(booked, p).reduce((s, r) => s + num(r.gross), 0),
        takeCents: byPeriod(money, p).reduce((s, r) => s + num(r.take), 0),
        cancellations: num(byPeriod(cancelled, p)[0]?.n),
        refundsCents: byPeriod(money, p).reduce((s, r) => s + num(r.refunds), 0),
        newUsers: num(byPeriod(newUsers, p)[0]?.n),
        newListings: num(byPeriod(newListings, p)[0]?.n),
      }));
      const total = (key: keyof (typeof series)[number]) => series.reduce((s, r) => s + (typeof r[key] === 'number' ? r[key] : 0), 0);
      const typeName = (id: number) => types.find((t) => t.id === id)?.name ?? String(id);
      const typeIds = [...new Set([...booked.map((r) => r.type_id), ...money.map((r) => r.type_id)])];
      const demand = await searchLog.demand(from, to);
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
            bookings: booked.filter((r) => r.type_id === id).reduce((s, r) => s + num(r.bookings), 0),
            grossCents: booked.filter((r) => r.type_id === id).reduce((s, r) => s + num(r.gross), 0),
            takeCents: money.filter((r) => r.type_id === id).reduce((s, r) => s + num(r.take), 0),
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
