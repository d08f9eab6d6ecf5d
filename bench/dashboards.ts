/**
 * npm run bench:dashboards — the dashboards' answer times at the issue's volume (issue 30, ADR 024).
 *
 * Builds the data with INSERT ... SELECT generate_series (seconds, not hours), then the real app in
 * this process, and times each dashboard endpoint against GET /api/health in the same run:
 *  - an owner with BENCH_OWNER_VEHICLES (50) vehicles and three years of rentals (a 1-3 day rental
 *    about every 5 days per vehicle: ~11,000 rentals, their days, payouts and reviews);
 *  - a marketplace of BENCH_VEHICLES (100,000) vehicles, 5,000 owners, 50,000 renters and
 *    BENCH_RENTALS (1,000,000) rentals over three years and the next two months (88 % completed,
 *    7 % cancelled and refunded, 5 % declined/expired), each with its ledger postings, as the app
 *    writes them (rent, payout with the company's fee, refund).
 * On PostgreSQL (a database of its own on BENCH_DATABASE_URL's server, default
 * postgres://postgres@127.0.0.1:5432/postgres) and on PGlite (the embedded default), PGlite at
 * BENCH_PGLITE_VEHICLES (10,000) / BENCH_PGLITE_RENTALS (100,000): it holds a whole database in one
 * process. BENCH_ONLY=postgres|pglite runs one of them. Each endpoint is asked BENCH_REQUESTS (40)
 * times after 3 warm-ups, one request at a time, the endpoints in turn (so a busy moment of the
 * machine falls on all of them alike). Prints Markdown tables (p50, p95, max).
 * BENCH_EXPLAIN=1 also prints EXPLAIN ANALYZE of the dashboards' heaviest statements (PostgreSQL).
 * BENCH_WITHOUT_INDEXES=1 measures PostgreSQL a second time without migration 0033's indexes.
 * BENCH_KEEP=1 keeps the PostgreSQL database (rentdrive_bench_dashboards, or BENCH_DB_NAME) for a look with psql;
 * BENCH_REUSE=1 then measures it again without making the data anew.
 * The bulk load runs with triggers off, so marketplace_daily (migration 0034) and owner_monthly (0037)
 * are rebuilt after it, as the migrations' backfills do on a database with history; the rebuilds' times
 * are printed. BENCH_EXPLAIN=1 also prints EXPLAIN ANALYZE of the owner's statement as the service sends it.
 */
import os from 'node:os';
import { sql } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import pg from 'pg';
import { openDatabase, wrapPgPool, type Database } from '../apps/server/src/db/client';
import { createOwnerDashboard } from '../apps/server/src/modules/dashboard/owner-dashboard';
import { signIn } from '../apps/server/test/factories';
import { withBenchApp } from './support/bench-app';
import { fmt, loadAverage } from './support/markdown-table';
import { BENCH_ADMIN_URL, withDatabase } from './support/throwaway-postgres';

const REQUESTS = Number(process.env.BENCH_REQUESTS ?? 40);
const OWNER_VEHICLES = Number(process.env.BENCH_OWNER_VEHICLES ?? 50);
const ONLY = process.env.BENCH_ONLY;
const KEEP = process.env.BENCH_KEEP === '1';
const EXPLAIN = process.env.BENCH_EXPLAIN === '1';
/** BENCH_REUSE=1 (with BENCH_KEEP=1): measure the kept PostgreSQL database again, without making the data anew. */
const REUSE = process.env.BENCH_REUSE === '1';
/** BENCH_WITHOUT_INDEXES=1: on PostgreSQL, measure again after dropping migration 0033's indexes (before/after in one run). */
const WITHOUT_INDEXES = process.env.BENCH_WITHOUT_INDEXES === '1';
const DASHBOARD_INDEXES = ['vehicles_owner_all_idx', 'rentals_booked_at_idx', 'rentals_cancelled_at_idx', 'ledger_postings_fee_refund_idx'];
const PG_DB_NAME = process.env.BENCH_DB_NAME ?? (KEEP ? 'rentdrive_bench_dashboards' : `rentdrive_bench_dashboards_${process.pid}`);
const FEE_PERCENT = 20;

interface Scale {
  vehicles: number;
  rentals: number;
}
const PG_SCALE: Scale = {
  vehicles: Number(process.env.BENCH_VEHICLES ?? 100_000),
  rentals: Number(process.env.BENCH_RENTALS ?? 1_000_000),
};
const PGLITE_SCALE: Scale = {
  vehicles: Number(process.env.BENCH_PGLITE_VEHICLES ?? 10_000),
  rentals: Number(process.env.BENCH_PGLITE_RENTALS ?? 100_000),
};

type Exec = (text: string) => Promise<unknown[]>;

const HISTORY_DAYS = 3 * 365;
const FUTURE_DAYS = 60;

/**
 * Rentals of the vehicles in bench_fleet (rn 0..n-1): `perVehicle` each, one per slot of the
 * history + future window, 1 to `maxLength` days, in the staging table bench_rentals.
 */
function stageRentals(perVehicle: number, maxLength: number): string {
  const slot = Math.floor((HISTORY_DAYS + FUTURE_DAYS) / perVehicle);
  if (slot < maxLength + 1) throw new Error(`too many rentals per vehicle (${perVehicle}) for the window`);
  return `insert into bench_rentals
    select gen_random_uuid(), f.vehicle_id, f.owner_id, r.id,
      s.start, s.start + s.len - 1, f.price, f.price * s.len,
      case when s.start + s.len - 1 < current_date then
             case when s.x < 88 then 'Completed' when s.x < 95 then 'Cancelled' when s.x < 98 then 'Declined' else 'Expired' end
           when s.start <= current_date then 'Active'
           when s.x < 93 then 'Active' else 'Cancelled' end,
      least((s.start - (1 + s.x % 20) + time '10:00') at time zone 'UTC', now() - interval '1 hour'),
      gen_random_uuid(), gen_random_uuid()
    from bench_fleet f
    cross join generate_series(0, ${perVehicle - 1}) j
    cross join lateral (select (f.rn * 31 + j * 17) % 100 as x, 1 + (f.rn * 3 + j * 7) % ${maxLength} as len) l
    cross join lateral (select current_date - ${HISTORY_DAYS} + j * ${slot} + (f.rn * 13 + j * 5) % (${slot} - l.len) as start, l.len, l.x) s
    join bench_renters r on r.i = (f.rn * 7919 + j * 104729) % (select count(*) from bench_renters)`;
}

/** bench_rentals into rentals, rental_days and the ledger, as the app would have written them. */
const LOAD_RENTALS = [
  `insert into rentals (id, vehicle_id, renter_id, status, start_date, end_date, price_per_day_cents, total_cents, booked_at,
     completed_at, cancelled_at, cancelled_by)
   select id, vehicle_id, renter_id, status, start_date, end_date, price, total, booked_at,
     case when status = 'Completed' then (end_date + 1 + time '03:00') at time zone 'UTC' end,
     case when status in ('Cancelled', 'Declined', 'Expired') then least(booked_at + interval '1 day', now()) end,
     case when status = 'Cancelled' then (array['owner', 'system', 'renter'])[1 + least(abs(hashtext(id::text)) % 10, 2)] end
   from bench_rentals`,
  `insert into rental_days (vehicle_id, day, rental_id)
   select r.vehicle_id, d::date, r.id from bench_rentals r, generate_series(r.start_date, r.end_date, interval '1 day') d
   where r.status in ('Active', 'Completed')`,
  // Rent: renter -> escrow; payout: escrow -> owner and the company's fee; refund: escrow -> renter.
  `insert into ledger_transactions (id, kind, rental_id, created_at)
   select rent_tx, 'rent', id, booked_at from bench_rentals where status in ('Active', 'Completed', 'Cancelled')
   union all
   select done_tx, case status when 'Completed' then 'complete' else 'cancel' end, id,
     case status when 'Completed' then (end_date + 1 + time '03:00') at time zone 'UTC' else least(booked_at + interval '1 day', now()) end
   from bench_rentals where status in ('Completed', 'Cancelled')`,
  `insert into ledger_postings (transaction_id, account_id, amount_cents, type, created_at)
   select r.rent_tx, w.id, -r.total, 'Rental Payment', r.booked_at from bench_rentals r join ledger_accounts w on w.user_id = r.renter_id
   where r.status in ('Active', 'Completed', 'Cancelled')
   union all
   select r.rent_tx, e.id, r.total, 'Rental Payment', r.booked_at from bench_rentals r, ledger_accounts e
   where e.kind = 'escrow' and r.status in ('Active', 'Completed', 'Cancelled')`,
  `insert into ledger_postings (transaction_id, account_id, amount_cents, type, created_at)
   select r.done_tx, e.id, -r.total, 'Rental Profit', t.created_at from bench_rentals r join ledger_transactions t on t.id = r.done_tx, ledger_accounts e
   where e.kind = 'escrow' and r.status = 'Completed'
   union all
   select r.done_tx, w.id, r.total - r.total * ${FEE_PERCENT} / 100, 'Rental Profit', t.created_at
   from bench_rentals r join ledger_transactions t on t.id = r.done_tx join ledger_accounts w on w.user_id = r.owner_id
   where r.status = 'Completed'
   union all
   select r.done_tx, c.id, r.total * ${FEE_PERCENT} / 100, 'Company Rental Fee Profit', t.created_at
   from bench_rentals r join ledger_transactions t on t.id = r.done_tx
   join ledger_accounts c on c.user_id = (select id from users where is_company_account)
   where r.status = 'Completed'`,
  `insert into ledger_postings (transaction_id, account_id, amount_cents, type, created_at)
   select r.done_tx, w.id, r.total, 'Refund', t.created_at from bench_rentals r join ledger_transactions t on t.id = r.done_tx
   join ledger_accounts w on w.user_id = r.renter_id where r.status = 'Cancelled'
   union all
   select r.done_tx, e.id, -r.total, 'Refund', t.created_at from bench_rentals r join ledger_transactions t on t.id = r.done_tx, ledger_accounts e
   where e.kind = 'escrow' and r.status = 'Cancelled'`,
];

/** The whole data set; `exec` runs one statement on one connection (session settings hold). */
async function generate(exec: Exec, scale: Scale, log: (line: string) => void): Promise<void> {
  const t0 = performance.now();
  const step = async (label: string, statements: string[]) => {
    const t = performance.now();
    for (const s of statements) await exec(s);
    log(`  ${label}: ${fmt((performance.now() - t) / 1000, 1)} s`);
  };
  // Bulk load: no per-row triggers or foreign-key checks (replica role), secondary indexes dropped
  // and built once at the end.
  await exec(`set session_replication_role = replica`);
  await exec(`set maintenance_work_mem = '256MB'`);
  const indexes = (await exec(`select indexname, indexdef from pg_indexes
    where schemaname = 'public' and tablename in ('rentals', 'rental_days', 'ledger_transactions', 'ledger_postings', 'reviews', 'vehicles', 'users')
      and indexname not in (select conname from pg_constraint)`)) as { indexname: string; indexdef: string }[];
  for (const index of indexes) await exec(`drop index "${index.indexname}"`);

  await step('users, types, vehicles', [
    `insert into users (username, email, password_hash, is_company_account) values ('company', 'company@example.com', 'x', true)`,
    `insert into users (username, email, password_hash, is_company_employee) values ('employee', 'employee@example.com', 'x', true)`,
    `insert into users (username, email, password_hash) values ('bench_owner', 'bench_owner@example.com', 'x')`,
    `insert into users (username, email, password_hash, created_at)
     select 'owner' || g, 'owner' || g || '@example.com', 'x', now() - ((g * 7) % ${HISTORY_DAYS}) * interval '1 day' from generate_series(1, 5000) g`,
    `insert into users (username, email, password_hash, created_at)
     select 'renter' || g, 'renter' || g || '@example.com', 'x', now() - ((g * 11) % ${HISTORY_DAYS}) * interval '1 day' from generate_series(1, 50000) g`,
    `insert into ledger_accounts (kind, user_id) select 'wallet', id from users`,
    // Numbered owners and renters, to pick one by arithmetic (an array of 50,000 ids read per row is slow).
    `create temp table bench_owners as select (row_number() over (order by id) - 1)::int as i, id from users where username like 'owner%'`,
    `create temp table bench_renters as select (row_number() over (order by id) - 1)::int as i, id from users where username like 'renter%'`,
    `alter table bench_owners add primary key (i)`,
    `alter table bench_renters add primary key (i)`,
    `insert into ledger_accounts (kind) select k from unnest(array['escrow', 'external']) k
     where not exists (select 1 from ledger_accounts a where a.kind = k and a.user_id is null)`,
    `insert into vehicle_types (name) select unnest(array['Car', 'Truck', 'Motorcycle', 'Bicycle', 'Electric Scooter'])`,
    `insert into vehicle_type_categories (name, description, vehicle_type_id) select 'Standard', 'Standard ' || name, id from vehicle_types`,
    `insert into vehicles (owner_id, make, model, color, fuel_type, date_of_production, year_of_production, price_per_day_cents,
       curb_weight_in_kg, description, vehicle_type_id, vehicle_type_category_id, created_at, search_text)
     select case when g <= ${OWNER_VEHICLES} then (select id from users where username = 'bench_owner')
         else (select id from bench_owners o where o.i = g % 5000) end,
       (array['Toyota','Ford','BMW','Skoda','Kia','Volvo','Honda','Trek'])[1 + g % 8], 'Model ' || (g % 40), 'Black', 1,
       date '2020-01-01', 2020, 2000 + (g * 37) % 9000, 1200, 'Bench vehicle', t.id, c.id,
       now() - ((g * 3) % ${2 * HISTORY_DAYS}) * interval '1 day', 'bench vehicle'
     from generate_series(1, ${OWNER_VEHICLES + scale.vehicles}) g
     join (select id, row_number() over (order by id) - 1 as i from vehicle_types) t on t.i = g % 5
     join vehicle_type_categories c on c.vehicle_type_id = t.id`,
  ]);

  const fleet = (where: string) => [
    `drop table if exists bench_fleet`,
    `create temp table bench_fleet as select (row_number() over (order by id) - 1)::int as rn, id as vehicle_id, owner_id, price_per_day_cents as price
     from vehicles v where ${where}`,
  ];
  await exec(`create temp table bench_rentals (id uuid, vehicle_id uuid, owner_id uuid, renter_id uuid, start_date date, end_date date,
    price int, total int, status text, booked_at timestamptz, rent_tx uuid, done_tx uuid)`);
  // The owner: a rental of 1-3 days about every 5 days on each of 50 vehicles, three years back.
  await step('the owner’s rentals', [
    ...fleet(`owner_id = (select id from users where username = 'bench_owner')`),
    stageRentals(Math.floor((HISTORY_DAYS + FUTURE_DAYS) / 5), 3),
  ]);
  // The marketplace: the rest spread evenly over the other vehicles.
  await step('the marketplace’s rentals (staged)', [
    ...fleet(`owner_id <> (select id from users where username = 'bench_owner')`),
    stageRentals(Math.max(1, Math.round(scale.rentals / scale.vehicles)), 4),
  ]);
  await step('rentals, days and ledger', LOAD_RENTALS);
  await step('reviews, top-ups, balances, search log', [
    `insert into reviews (rental_id, vehicle_id, reviewer_id, star_rating, created_at)
     select r.id, r.vehicle_id, r.renter_id, 3 + abs(hashtext(r.id::text)) % 3, (r.end_date + 2)::timestamp at time zone 'UTC'
     from bench_rentals r where r.status = 'Completed' and abs(hashtext(r.id::text || 'r')) % 10 < 3 and r.end_date + 2 < current_date`,
    // Each renter topped up what they spent, three years ago (wallets never go negative).
    `create temp table bench_topups as select a.id as account_id, -sum(p.amount_cents) + 10000 as cents, gen_random_uuid() as tx
     from ledger_accounts a join ledger_postings p on p.account_id = a.id where a.kind = 'wallet' group by a.id having sum(p.amount_cents) < 0`,
    `insert into ledger_transactions (id, kind, created_at) select tx, 'top-up', now() - interval '${HISTORY_DAYS + 30} days' from bench_topups`,
    `insert into ledger_postings (transaction_id, account_id, amount_cents, type, created_at)
     select tx, account_id, cents, 'Deposit', now() - interval '${HISTORY_DAYS + 30} days' from bench_topups
     union all
     select tx, (select id from ledger_accounts where kind = 'external' and user_id is null), -cents, 'Deposit', now() - interval '${HISTORY_DAYS + 30} days'
     from bench_topups`,
    `update ledger_accounts a set balance_cents = s.cents from (select account_id, sum(amount_cents) as cents from ledger_postings group by account_id) s
     where s.account_id = a.id`,
    `insert into search_log (day, kind, term, searches, few_results)
     select current_date - d, case when t % 4 = 0 then 'place' else 'word' end,
       case when t % 4 = 0 then (40 + t % 20) || '.' || (t % 10) || ',' || (t % 30) || '.' || (t % 7) else 'word' || chr(97 + t % 26) || chr(97 + t / 26 % 26) end,
       1 + (d * 7 + t * 13) % 50, (d + t) % 5
     from generate_series(0, 89) d, generate_series(0, 399) t
     on conflict do nothing`,
  ]);
  const t = performance.now();
  for (const index of indexes) await exec(index.indexdef);
  await exec(`set session_replication_role = origin`);
  await exec(`drop table bench_rentals`);
  await exec(`drop table bench_topups`);
  await exec(`drop table bench_fleet`);
  await exec(`drop table bench_owners`);
  await exec(`drop table bench_renters`);
  await exec('vacuum analyze');
  log(`  indexes and vacuum analyze: ${fmt((performance.now() - t) / 1000, 1)} s`);
  const [counts] = (await exec(`select (select count(*) from vehicles) as vehicles, (select count(*) from rentals) as rentals,
      (select count(*) from rental_days) as days, (select count(*) from ledger_postings) as postings,
      (select count(*) from rentals r join vehicles v on v.id = r.vehicle_id join users u on u.id = v.owner_id and u.username = 'bench_owner') as owner_rentals,
      (select sum(balance_cents) from ledger_accounts) as ledger_sum`)) as Record<string, string>[];
  if (Number(counts!.ledger_sum) !== 0) throw new Error(`the bench ledger does not sum to zero: ${counts!.ledger_sum}`);
  log(
    `  data: ${fmt(Number(counts!.vehicles))} vehicles, ${fmt(Number(counts!.rentals))} rentals (the owner's ${fmt(Number(counts!.owner_rentals))}), ` +
      `${fmt(Number(counts!.days))} booked days, ${fmt(Number(counts!.postings))} ledger postings; ${fmt((performance.now() - t0) / 1000, 0)} s in all`,
  );
}

/** The dashboards' summaries from the raw tables (the load ran without their triggers). */
async function rebuildSummary(exec: Exec, log: (line: string) => void): Promise<void> {
  for (const table of ['marketplace_daily', 'owner_monthly']) {
    const t = performance.now();
    await exec(`select ${table}_rebuild()`);
    await exec(`analyze ${table}`);
    const [row] = (await exec(`select count(*) as n from ${table}`)) as { n: string }[];
    log(`  ${table} rebuilt (the migration's backfill): ${fmt(Number(row!.n))} rows in ${fmt((performance.now() - t) / 1000, 1)} s`);
  }
}

/** EXPLAIN ANALYZE of the owner's screen, the one statement the service sends (default period). */
async function explainOwner(client: pg.Client, database: Database, timeZone: string, log: (line: string) => void) {
  const [found] = (await client.query<{ id: string }>(`select id from users where username = 'bench_owner'`)).rows;
  const today = () => new Date().toISOString().slice(0, 10);
  const owner = createOwnerDashboard({
    db: database.db,
    timeZone,
    companyFeePercent: FEE_PERCENT,
    today,
    period: (q) => ({ from: q.from ?? `${today().slice(0, 7)}-01`, to: q.to ?? today() }),
  });
  const to = today();
  const from = new Date(`${to.slice(0, 7)}-01T00:00:00Z`);
  from.setUTCMonth(from.getUTCMonth() - 11);
  const { sql: text, params } = new PgDialect().sqlToQuery(owner.statement(found!.id, { from: from.toISOString().slice(0, 10), to }).query);
  const plan = await client.query<{ 'QUERY PLAN': string }>(`explain (analyze, buffers) ${text}`, params);
  log(`\n### owner dashboard (the service's statement, 12 months)\n\n\`\`\`\n${plan.rows.map((r) => r['QUERY PLAN']).join('\n')}\n\`\`\``);
}

function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return 0;
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
}

interface Row {
  database: string;
  endpoint: string;
  p50: number;
  p95: number;
  max: number;
  bytes: number;
}

async function measure(databaseLabel: string, base: string, cookies: { owner: string; employee: string }): Promise<Row[]> {
  const today = new Date().toISOString().slice(0, 10);
  const threeYearsAgo = new Date(Date.now() - HISTORY_DAYS * 86_400_000).toISOString().slice(0, 10);
  const monthAgo = new Date(Date.now() - 29 * 86_400_000).toISOString().slice(0, 10);
  const endpoints: { label: string; path: string; cookie?: string }[] = [
    { label: 'GET /api/health', path: '/api/health' },
    { label: 'owner dashboard (12 months)', path: '/api/dashboard/owner', cookie: cookies.owner },
    { label: 'owner CSV (12 months)', path: '/api/dashboard/owner/transactions.csv', cookie: cookies.owner },
    {
      label: 'owner CSV (3 years)',
      path: `/api/dashboard/owner/transactions.csv?from=${threeYearsAgo}&to=${today}`,
      cookie: cookies.owner,
    },
    { label: 'marketplace (12 months)', path: '/api/dashboard/marketplace', cookie: cookies.employee },
    { label: 'marketplace (30 days, by day)', path: `/api/dashboard/marketplace?from=${monthAgo}&to=${today}`, cookie: cookies.employee },
    { label: 'marketplace (12 months, one type)', path: '/api/dashboard/marketplace?type=1', cookie: cookies.employee },
  ];
  const times = endpoints.map(() => [] as number[]);
  const bytes = endpoints.map(() => 0);
  for (let round = -3; round < REQUESTS; round++) {
    for (const [i, e] of endpoints.entries()) {
      const t = performance.now();
      const res = await fetch(`${base}${e.path}`, { headers: e.cookie ? { cookie: e.cookie } : {} });
      const body = await res.arrayBuffer();
      const ms = performance.now() - t;
      if (res.status !== 200) throw new Error(`${e.path}: ${res.status} ${Buffer.from(body).toString('utf8').slice(0, 300)}`);
      if (round >= 0) times[i]!.push(ms);
      bytes[i] = body.byteLength;
    }
  }
  return endpoints.map((e, i) => {
    const sorted = times[i]!.sort((a, b) => a - b);
    return {
      database: databaseLabel,
      endpoint: e.label,
      p50: percentile(sorted, 50),
      p95: percentile(sorted, 95),
      max: sorted[sorted.length - 1] ?? 0,
      bytes: bytes[i]!,
    };
  });
}

/** EXPLAIN ANALYZE of the statements that read the most rows (the service's SQL, the owner's and a year's). */
async function explain(exec: Exec, log: (line: string) => void) {
  const [ids] = (await exec(`select (select id from users where username = 'bench_owner') as owner`)) as { owner: string }[];
  const owner = ids!.owner;
  const statements: Record<string, string> = {
    'owner earnings by month': `select to_char((p.created_at at time zone 'UTC')::date, 'YYYY-MM') as month, r.vehicle_id, sum(p.amount_cents)
      from ledger_accounts a join ledger_postings p on p.account_id = a.id join ledger_transactions t on t.id = p.transaction_id
      join rentals r on r.id = t.rental_id join vehicles v on v.id = r.vehicle_id and v.owner_id = '${owner}'
      where a.user_id = '${owner}' and a.kind = 'wallet' and p.type = 'Rental Profit'
        and p.created_at >= now() - interval '1 year' group by 1, 2`,
    'owner days by month': `select to_char(d.day, 'YYYY-MM'), d.vehicle_id, count(*), sum(r.price_per_day_cents) filter (where r.status = 'Active')
      from vehicles v join rental_days d on d.vehicle_id = v.id and d.rental_id is not null join rentals r on r.id = d.rental_id
      where v.owner_id = '${owner}' and d.day between current_date - 365 and current_date and r.status in ('Active', 'Completed') group by 1, 2`,
    'marketplace bookings (12 months)': `select to_char((r.booked_at at time zone 'UTC')::date, 'YYYY-MM'), v.vehicle_type_id, count(*), sum(r.total_cents)
      from rentals r join vehicles v on v.id = r.vehicle_id where r.booked_at >= now() - interval '1 year' group by 1, 2`,
    'marketplace take and refunds (12 months)': `select to_char((p.created_at at time zone 'UTC')::date, 'YYYY-MM'), v.vehicle_type_id,
        sum(p.amount_cents) filter (where p.type = 'Company Rental Fee Profit'), sum(p.amount_cents) filter (where p.type = 'Refund' and a.kind = 'wallet')
      from ledger_postings p join ledger_accounts a on a.id = p.account_id join ledger_transactions t on t.id = p.transaction_id
      join rentals r on r.id = t.rental_id join vehicles v on v.id = r.vehicle_id
      where p.created_at >= now() - interval '1 year' and p.type in ('Company Rental Fee Profit', 'Refund') group by 1, 2`,
    'marketplace cancellations (12 months)': `select to_char((r.cancelled_at at time zone 'UTC')::date, 'YYYY-MM'), count(*)
      from rentals r join vehicles v on v.id = r.vehicle_id where r.status = 'Cancelled' and r.cancelled_at >= now() - interval '1 year' group by 1`,
  };
  for (const [label, text] of Object.entries(statements)) {
    const plan = (await exec(`explain (analyze, buffers off) ${text}`)) as { 'QUERY PLAN': string }[];
    log(`\n### ${label}\n\n\`\`\`\n${plan.map((r) => r['QUERY PLAN']).join('\n')}\n\`\`\``);
  }
}

async function cookiesFor(database: Database): Promise<{ owner: string; employee: string }> {
  // eslint-disable-next-line @typescript-eslint/no-unnecessary-type-assertion -- the drivers type execute() apart; both answers carry `rows`.
  const result = (await database.db.execute(
    sql`select id, username from users where username in ('bench_owner', 'employee')`,
  )) as unknown as {
    rows: { id: string; username: string }[];
  };
  const found = result.rows;
  const id = (name: string) => found.find((u) => u.username === name)!.id;
  return { owner: await signIn(database, { id: id('bench_owner') }), employee: await signIn(database, { id: id('employee') }) };
}

const log = (line: string) => console.log(line);
const rows: Row[] = [];
console.log(`bench:dashboards — ${os.cpus().length} CPUs, Node ${process.version}; load average (1/5/15 min) before: ${loadAverage()}`);

if (ONLY !== 'pglite') {
  const admin = new pg.Client({ connectionString: BENCH_ADMIN_URL });
  await admin.connect();
  const version = (await admin.query<{ server_version: string }>('show server_version')).rows[0]!.server_version;
  if (!REUSE) {
    await admin.query(`drop database if exists ${PG_DB_NAME} with (force)`);
    await admin.query(`create database ${PG_DB_NAME}`);
  }
  const databaseUrl = withDatabase(BENCH_ADMIN_URL, PG_DB_NAME);
  console.log(`\nPostgreSQL ${version}: ${fmt(PG_SCALE.vehicles)} vehicles, ${fmt(PG_SCALE.rentals)} rentals`);
  try {
    await withBenchApp(
      {
        name: 'dashboards',
        databaseUrl,
        env: { COMPANY_FEE_PERCENT: String(FEE_PERCENT) },
        open: async () => {
          const pool = new pg.Pool({ connectionString: databaseUrl, max: 10 });
          pool.on('error', () => {});
          const database = wrapPgPool(pool);
          await database.migrate();
          const client = new pg.Client({ connectionString: databaseUrl });
          client.on('error', () => {});
          await client.connect();
          const exec: Exec = async (text) => (await client.query<Record<string, unknown>>(text)).rows;
          if (!REUSE) {
            await generate(exec, PG_SCALE, log);
            await rebuildSummary(exec, log);
          }
          await client.end();
          return database;
        },
      },
      async ({ config, database, listen }) => {
        const base = await listen();
        const cookies = await cookiesFor(database);
        rows.push(...(await measure('PostgreSQL', base, cookies)));
        if (WITHOUT_INDEXES) {
          await database.db.execute(sql.raw(DASHBOARD_INDEXES.map((name) => `drop index ${name}`).join('; ')));
          await database.db.execute(sql`analyze`);
          rows.push(...(await measure('PostgreSQL, without 0033', base, cookies)));
        }
        if (EXPLAIN) {
          const client = new pg.Client({ connectionString: databaseUrl });
          await client.connect();
          await explain(async (text) => (await client.query<Record<string, unknown>>(text)).rows, log);
          await explainOwner(client, database, config.timeZone, log);
          await client.end();
        }
      },
    );
  } finally {
    if (!KEEP) await admin.query(`drop database if exists ${PG_DB_NAME} with (force)`);
    await admin.end();
  }
}

if (ONLY !== 'postgres') {
  console.log(`\nPGlite: ${fmt(PGLITE_SCALE.vehicles)} vehicles, ${fmt(PGLITE_SCALE.rentals)} rentals`);
  await withBenchApp(
    {
      name: 'dashboards',
      env: { COMPANY_FEE_PERCENT: String(FEE_PERCENT) },
      open: async (config) => {
        const database = await openDatabase({ dataDir: config.dataDir });
        await database.migrate();
        // eslint-disable-next-line @typescript-eslint/no-unnecessary-type-assertion -- the drivers type execute() apart; both answers carry `rows`.
        const exec: Exec = async (text) => ((await database.db.execute(sql.raw(text))) as unknown as { rows: unknown[] }).rows;
        await generate(exec, PGLITE_SCALE, log);
        await rebuildSummary(exec, log);
        return database;
      },
    },
    async ({ database, listen }) => {
      const base = await listen();
      rows.push(...(await measure('PGlite', base, await cookiesFor(database))));
    },
  );
}

console.log(`\nload average (1/5/15 min) after: ${loadAverage()}`);
console.log(`\n| Database | Endpoint | p50 (ms) | p95 (ms) | max (ms) | Answer (KB) |`);
console.log('|---|---|---:|---:|---:|---:|');
for (const r of rows) {
  console.log(`| ${r.database} | ${r.endpoint} | ${fmt(r.p50, 1)} | ${fmt(r.p95, 1)} | ${fmt(r.max, 1)} | ${fmt(r.bytes / 1024, 1)} |`);
}
