/**
 * npm run bench:vehicles — the vehicle details page's call and the home page's recent listings at
 * 10,000 vehicles, next to a trivial endpoint, on both databases.
 *
 * For each database (the embedded PGlite in a temp folder, then a throwaway PostgreSQL database on
 * BENCH_DATABASE_URL, default postgres://postgres@127.0.0.1:5432), builds the real app in this
 * process, bulk-inserts 10,000 vehicles (3 image rows, one value per type property, a review on every
 * fourth) with INSERT ... SELECT generate_series, listens on 127.0.0.1 (random port) and measures with
 * autocannon (load generated in a worker thread) requests/s and p50/p99 latency of:
 *   GET /api/vehicle/{id}    1,000 random ids, round-robin (owner, type, category, images, properties, reviews)
 *   GET /api/vehicle/recent  (the search module's newest cards)
 *   GET /api/health          (no database: the framework's own ceiling)
 * BENCH_SECONDS (default 10) each, BENCH_CONNECTIONS (default 10), BENCH_VEHICLES (default 10000).
 * BENCH_RESPONSE_CHECKS=off,log runs everything once per response-check mode (RESPONSE_CHECKS), to
 * weigh checking every answer against its schema; BENCH_SKIP_POSTGRES=1 measures PGlite only.
 * Drops the PostgreSQL database and removes the temp folder at the end. Prints a Markdown table.
 */
import os from 'node:os';
import { sql } from 'drizzle-orm';
import type { Database } from '../apps/server/src/db/client';
import { vehicles } from '../apps/server/src/db/schema/vehicles';
import { withBenchApp } from './support/bench-app';
import { loadAverage, printEndpointTable } from './support/markdown-table';
import { runAutocannon, type EndpointRow } from './support/run-autocannon';
import { withThrowawayPostgres } from './support/throwaway-postgres';

const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 10);
const VEHICLES = Number(process.env.BENCH_VEHICLES ?? 10_000);
const PG_DB_NAME = `rentdrive_bench_vehicles_${process.pid}`;

/** Bulk data in a handful of statements; the same SQL runs on PGlite and PostgreSQL. */
async function generateVehicles(database: Database): Promise<{ ms: number; ids: string[] }> {
  const started = Date.now();
  const run = (text: string) => database.db.execute(sql.raw(text));
  await run(`insert into users (username, email, password_hash)
    select 'owner' || g, 'owner' || g || '@example.com', 'x' from generate_series(1, 50) g`);
  await run(`insert into vehicle_types (name) values ('Car'), ('Truck'), ('Motorcycle'), ('Bicycle'), ('Electric Scooter')`);
  await run(`insert into vehicle_type_categories (name, description, vehicle_type_id)
    select 'Category ' || c, 'Bench category', t.id from vehicle_types t cross join generate_series(1, 3) c`);
  await run(`insert into vehicle_type_properties (name, value_type, unit_of_measurement, vehicle_type_id)
    select p.name, p.vt, p.unit, t.id from vehicle_types t
    cross join (values ('Power', 1, 8), ('Automatic', 3, 0), ('Trim', 0, 0), ('Consumption', 2, 12)) as p(name, vt, unit)`);
  await run(`insert into vehicles (owner_id, make, model, color, fuel_type, date_of_production, year_of_production,
      price_per_day_cents, curb_weight_in_kg, description, is_company_property, vehicle_type_id, vehicle_type_category_id, created_at)
    with owners as (select array_agg(id order by username) as ids from users),
      types as (select array_agg(id order by id) as ids from vehicle_types)
    select o.ids[1 + g % 50],
      (array['Toyota','Ford','BMW','Audi','Skoda','Renault','Kia','Tesla','Volvo','Honda'])[1 + g % 10],
      'Model ' || (g % 97), (array['Black','White','Red','Blue','Silver','Green'])[1 + g % 6], g % 7,
      make_date(2000 + g % 25, 1 + g % 12, 1), 2000 + g % 25, 1000 + (g * 37) % 20000, 100 + g % 3000,
      'Bench vehicle number ' || g || ', well kept and recently serviced.', g % 10 = 0,
      ty.ids[1 + g % 5],
      (select c.id from vehicle_type_categories c where c.vehicle_type_id = ty.ids[1 + g % 5] order by c.id offset g % 3 limit 1),
      timestamptz '2025-01-01' + (g || ' minutes')::interval
    from generate_series(1, ${VEHICLES}) g, owners o, types ty`);
  await run(`insert into vehicle_images (vehicle_id, position, large_path, thumb_path)
    select v.id, p, 'images/vehicles/' || v.id || '-' || p || '.webp', 'images/vehicles/' || v.id || '-' || p || '-thumb.webp'
    from vehicles v cross join generate_series(0, 2) p`);
  await run(`insert into vehicle_property_values (vehicle_id, property_id, value)
    select v.id, p.id, case p.value_type when 1 then (50 + v.curb_weight_in_kg % 200)::text when 3 then (v.curb_weight_in_kg % 2 = 0)::text
      when 2 then (4 + (v.curb_weight_in_kg % 60) / 10.0)::text else 'Trim ' || (v.curb_weight_in_kg % 5) end
    from vehicles v join vehicle_type_properties p on p.vehicle_type_id = v.vehicle_type_id`);
  await run(`insert into rentals (vehicle_id, renter_id, status, start_date, end_date, price_per_day_cents, total_cents, booked_at, completed_at)
    select v.id, (select id from users u where u.id <> v.owner_id order by u.username limit 1), 'Completed',
      date '2025-03-01', date '2025-03-02', v.price_per_day_cents, v.price_per_day_cents * 2, timestamptz '2025-02-01', timestamptz '2025-03-03'
    from (select id, owner_id, price_per_day_cents, row_number() over (order by id) as n from vehicles) v where v.n % 4 = 0`);
  await run(`insert into reviews (rental_id, vehicle_id, reviewer_id, star_rating, comment, created_at)
    select r.id, r.vehicle_id, r.renter_id, 1 + (r.total_cents / 100) % 5, 'Fine vehicle, would rent again.', timestamptz '2025-03-04'
    from rentals r`);
  await run(`update vehicles v set review_count = 1, stars_total = r.star_rating from reviews r where r.vehicle_id = v.id`);
  await run('analyze');
  // A fixed pseudo-random order, the same on both databases.
  const rows = await database.db
    .select({ id: vehicles.id })
    .from(vehicles)
    .orderBy(sql`md5(${vehicles.id}::text)`)
    .limit(1000);
  const ids = rows.map((r) => r.id);
  return { ms: Date.now() - started, ids };
}

function measure(label: string, endpoint: string, url: string, paths?: string[]): Promise<EndpointRow> {
  return runAutocannon({ database: label, endpoint, connections: CONNECTIONS, seconds: SECONDS, url, paths });
}

const RESPONSE_CHECK_MODES = (process.env.BENCH_RESPONSE_CHECKS ?? '').split(',').filter(Boolean);

async function benchDatabase(label: string, databaseUrl: string | undefined): Promise<EndpointRow[]> {
  if (RESPONSE_CHECK_MODES.length === 0) return benchDatabaseWith(label, databaseUrl, {});
  const rows: EndpointRow[] = [];
  for (const mode of RESPONSE_CHECK_MODES) {
    rows.push(...(await benchDatabaseWith(`${label}, response checks ${mode}`, databaseUrl, { RESPONSE_CHECKS: mode })));
  }
  return rows;
}

function benchDatabaseWith(label: string, databaseUrl: string | undefined, env: Record<string, string>): Promise<EndpointRow[]> {
  return withBenchApp({ name: 'vehicles', databaseUrl, env }, async ({ database, listen }) => {
    const { ms, ids } = await generateVehicles(database);
    console.log(`${label}: ${VEHICLES.toLocaleString('en-US')} vehicles generated in ${ms} ms`);
    const base = await listen();

    const probe = await fetch(`${base}/api/vehicle/${ids[0]}`);
    if (!probe.ok) throw new Error(`details failed: ${probe.status} ${await probe.text()}`);
    const recentProbe = await fetch(`${base}/api/vehicle/recent`);

    const rows: EndpointRow[] = [];
    rows.push(
      await measure(
        label,
        'GET /api/vehicle/{id} (random ids)',
        base,
        ids.map((id) => `/api/vehicle/${id}`),
      ),
    );
    if (recentProbe.ok) rows.push(await measure(label, 'GET /api/vehicle/recent', `${base}/api/vehicle/recent`));
    else console.log(`${label}: /api/vehicle/recent answered ${recentProbe.status}; not measured`);
    rows.push(await measure(label, 'GET /api/health', `${base}/api/health`));
    return rows;
  });
}

const rows: EndpointRow[] = [];
console.log(`bench:vehicles — ${SECONDS} s per endpoint, ${CONNECTIONS} connections, ${os.cpus().length} CPUs, Node ${process.version}`);
// Other work on the machine changes the figures a lot: the load average is printed with them.
console.log(`load average (1/5/15 min) before: ${loadAverage()}`);
if (process.env.BENCH_SKIP_PGLITE !== '1') rows.push(...(await benchDatabase('PGlite (embedded)', undefined)));
// Let the app's pool finish closing its sockets before the database goes away under them.
if (process.env.BENCH_SKIP_POSTGRES !== '1') {
  rows.push(...(await withThrowawayPostgres(PG_DB_NAME, (url) => benchDatabase('PostgreSQL', url), { settleMs: 500 })));
}
console.log(`load average (1/5/15 min) after: ${loadAverage()}`);

printEndpointTable(rows);
