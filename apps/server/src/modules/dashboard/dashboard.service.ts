import { sql, type SQL } from 'drizzle-orm';
import type { DashboardRangeQuery, MarketplaceDashboard, MarketplaceQuery } from '@rentdrive/contracts/dashboard';
import type { Locale } from '@rentdrive/contracts/locales';
import { addDays, addMonths, dayInTimeZone, daysBetween } from '@rentdrive/domain/dates';
import type { DbOrTx } from '../../db/client';
import type { Clock } from '../../lib/clock';
import { toCsv, type CsvNumberFormat } from './dashboard-csv';
import { createOwnerDashboard, monthsOf } from './owner-dashboard';
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

  return {
    /**
     * Makes marketplace_daily and owner_monthly count days in the app's TIME_ZONE: when the zone differs
     * (a new database starts in UTC, or TIME_ZONE changed), sets it and rebuilds both from the raw tables
     * (ADR 031, 032). Called once at start; a second instance starting at once waits for the lock and finds
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
        await tx.execute(sql`select owner_monthly_rebuild()`);
        return true;
      });
    },

    /**
     * Folds marketplace_daily's delta rows of the days before today into one row per day and type
     * (migration 0036), and owner_monthly's new delta rows into one row per month, vehicle and payee
     * (0037): the triggers append a row per change, so that no writer waits on another's summary row.
     * One transaction under one advisory lock. Returns how many rows were folded (0 when another
     * instance is compacting).
     */
    async compactSummary(): Promise<number> {
      const [row] = await rows<{ folded: number }>(
        db,
        sql`select marketplace_daily_compact(${today()}::date) + owner_monthly_compact() as folded`,
      );
      return Number(row?.folded ?? 0);
    },

    owner: createOwnerDashboard({ db, timeZone, companyFeePercent, today, period }).owner,

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
