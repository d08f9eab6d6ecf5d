/**
 * npm run bench:search — POST /api/vehicle/search at 100,000 listings.
 *
 * Makes a throwaway PostgreSQL database (BENCH_DATABASE_URL, default postgres://postgres@127.0.0.1:5432),
 * migrates it, fills it deterministically (bench/search-data.ts), starts the real server on it in a
 * child process (ready = the search index loaded; the time and the server's RSS are reported), then
 * measures /api/health and a mix of realistic search bodies at concurrency 8 with autocannon: repeated
 * as they are, each made unique (computed every time), and repeated while 20 price changes a second
 * land; and each body alone (sequential) for its own latency. Drops the database at the end.
 * Then the same database behind two instances (each its own index, kept current by change
 * notifications), by default behind Debian's nginx on BENCH_PORT + 3 (bench/support/nginx.ts: round
 * robin, no stickiness, the configuration of docs/deployment.md) with all the connections on it;
 * BENCH_NGINX=0, or a machine without nginx, loads them from the client side round robin instead
 * (half the connections on each). The statements each instance sent to PostgreSQL are counted in
 * its driver (asked over the IPC channel) per search: cached, uncached, and while writes land.
 * Bounded: about two minutes in all. Prints Markdown tables for docs/performance.md.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { readFileSync } from 'node:fs';
import os from 'node:os';
import { performance } from 'node:perf_hooks';
import autocannon from 'autocannon';
import pg from 'pg';
import { openDatabase } from '../apps/server/src/db/client';
import { generateSearchData, type BenchData } from './search-data';
import { nginxBinary, startNginx, type RunningNginx } from './support/nginx';
import { PLACE_BODIES, placeComparison, placeRequests, placeSuggestions } from './support/search-places';

const BASE_URL = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const VEHICLES = Number(process.env.BENCH_VEHICLES ?? 100_000);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const CONCURRENCY = 8;
const PORT = Number(process.env.BENCH_PORT ?? 4905);
const DB_NAME = `rentdrive_bench_search_${process.pid}`;
const USE_NGINX = process.env.BENCH_NGINX !== '0' && nginxBinary !== undefined;

function withDatabase(url: string, name: string): string {
  const u = new URL(url);
  u.pathname = `/${name}`;
  return u.toString();
}

function bodies(d: BenchData): { name: string; body: Record<string, unknown> }[] {
  return [
    { name: 'type only', body: { vehicleTypeId: 'Car' } },
    { name: 'type only, by price', body: { vehicleTypeId: 'Truck', sort: 'price-asc' } },
    { name: 'type+make+price', body: { vehicleTypeId: 'Car', makes: ['Toyota'], minPrice: 30, maxPrice: 90 } },
    { name: 'type+2 makes+price', body: { vehicleTypeId: 'Motorcycle', makes: ['Honda', 'Yamaha'], maxPrice: 60, sort: 'price-desc' } },
    { name: 'text (typo)', body: { searchQuery: 'toyta corola' } },
    { name: 'text', body: { searchQuery: 'electric scooter', sort: 'relevance' } },
    {
      name: 'properties',
      body: {
        vehicleTypeId: 'Car',
        properties: [
          { propertyId: d.seatsPropertyId, values: ['5', '7'] },
          { propertyId: d.gearboxPropertyId, values: ['Automatic'] },
        ],
      },
    },
    { name: 'availability', body: { vehicleTypeId: 'Car', availableFrom: d.bookedFrom, availableTo: d.bookedTo } },
    { name: 'type+category+fuel, page 3', body: { vehicleTypeId: 'Car', vehicleTypeCategoryId: 'SUV', fuelType: 'Diesel', page: 3 } },
    { name: 'nothing chosen', body: {} },
    // Issue 26: a place, compared with 'type only' (the same body without one).
    { name: 'type + radius 50 km', body: PLACE_BODIES.radius },
    { name: 'type + map bounds', body: PLACE_BODIES.bounds },
  ];
}

/** Resident memory of a process in MB (Linux), or '?' elsewhere. */
function rssMb(pid: number | undefined): string {
  try {
    const status = readFileSync(`/proc/${pid}/status`, 'utf8');
    const kb = Number(/VmRSS:\s+(\d+)/.exec(status)?.[1]);
    return Number.isFinite(kb) ? (kb / 1024).toFixed(0) : '?';
  } catch {
    return '?';
  }
}

function percentile(sorted: number[], p: number): number {
  if (!sorted.length) return NaN;
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
}

async function load(url: string, requests: autocannon.Request[] | undefined, connections = CONCURRENCY) {
  const latencies: number[] = [];
  const result = await new Promise<autocannon.Result>((resolve, reject) => {
    const instance = autocannon({ url, connections, duration: SECONDS, requests }, (error, res) =>
      error ? reject(error instanceof Error ? error : new Error(String(error))) : resolve(res),
    );
    instance.on('response', (_client: unknown, _status: number, _bytes: number, responseTimeMs: number) => latencies.push(responseTimeMs));
  });
  latencies.sort((a, b) => a - b);
  return {
    rps: result.requests.average,
    non2xx: result.non2xx + result.errors,
    p50: percentile(latencies, 50),
    p95: percentile(latencies, 95),
    p99: percentile(latencies, 99),
    count: latencies.length,
    latencies,
  };
}

/** The same load split over several targets at once (instances, or the one balancer): merged figures. */
async function loadAcross(bases: string[], path: string, requests: () => autocannon.Request[]) {
  const parts = await Promise.all(bases.map((base) => load(`${base}${path}`, requests(), CONCURRENCY / bases.length)));
  const latencies = parts.flatMap((p) => p.latencies).sort((a, b) => a - b);
  return {
    rps: parts.reduce((sum, p) => sum + p.rps, 0),
    non2xx: parts.reduce((sum, p) => sum + p.non2xx, 0),
    p50: percentile(latencies, 50),
    p95: percentile(latencies, 95),
    p99: percentile(latencies, 99),
    count: latencies.length,
  };
}

/** Statements the server has sent to PostgreSQL, counted in its driver (asked over IPC). */
function statementCount(child: ChildProcess): Promise<number> {
  return new Promise((resolve) => {
    const onMessage = (message: unknown) => {
      const count = (message as { statementCount?: unknown } | null)?.statementCount;
      if (typeof count !== 'number') return;
      child.off('message', onMessage);
      resolve(count);
    };
    child.on('message', onMessage);
    child.send('statement-count');
  });
}

function startServer(dbUrl: string, port: number): ChildProcess {
  return spawn(process.execPath, ['--import', 'tsx', 'bench/support/bench-server.ts'], {
    env: {
      ...process.env,
      NODE_ENV: 'production',
      DATABASE_URL: dbUrl,
      PORT: String(port),
      HOST: '127.0.0.1',
      LOG_LEVEL: 'warn',
      SEED_DEMO_DATA: 'false',
    },
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
}

async function stopServer(child: ChildProcess | undefined): Promise<void> {
  if (!child || child.exitCode !== null) return;
  child.kill('SIGTERM');
  await once(child, 'exit');
}

/** Sequential requests of varied bodies: latency percentiles, and a check that each answers 200. */
async function timed(base: string, name: string, count: number, vary: (i: number) => Record<string, unknown>) {
  const times: number[] = [];
  let total = 0;
  for (let i = 0; i < count; i++) {
    const t0 = performance.now();
    const res = await fetch(`${base}/api/vehicle/search`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(vary(i)),
    });
    const json = (await res.json()) as { total: number };
    if (!res.ok) throw new Error(`${name}: HTTP ${res.status} ${JSON.stringify(json)}`);
    times.push(performance.now() - t0);
    total = json.total;
  }
  times.sort((a, b) => a - b);
  return { total, p50: percentile(times, 50), p95: percentile(times, 95) };
}

async function waitReady(url: string, child: ChildProcess) {
  // Generous: on a loaded machine a first index load of 100,000 vehicles has taken over a minute.
  const deadline = Date.now() + 240_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error('the server exited');
    try {
      if ((await fetch(url)).ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error('the server did not become ready');
}

async function main() {
  const admin = new pg.Client({ connectionString: BASE_URL });
  admin.on('error', (e) => console.error('admin client error', e.message));
  await admin.connect();
  await admin.query(`create database ${DB_NAME}`);
  const dbUrl = withDatabase(BASE_URL, DB_NAME);
  let server: ChildProcess | undefined;
  const pair: ChildProcess[] = [];
  let nginx: RunningNginx | undefined;
  try {
    const database = await openDatabase({ databaseUrl: dbUrl });
    await database.migrate();
    await database.close();
    const client = new pg.Client({ connectionString: dbUrl });
    await client.connect();
    const started = performance.now();
    client.on('error', (e) => console.error('data client error', e.message));
    const data = await generateSearchData(client, VEHICLES);
    const count = (await client.query<{ n: number }>('select count(*)::int as n from vehicles')).rows[0]!.n;
    console.log(`generated ${count} vehicles in ${((performance.now() - started) / 1000).toFixed(1)} s`);
    await client.end();

    const mix = bodies(data);
    const json = { 'content-type': 'application/json' };
    const idReader = new pg.Client({ connectionString: dbUrl });
    await idReader.connect();
    const someIds = (await idReader.query<{ id: string }>('select id from vehicles order by id limit 200')).rows.map((r) => r.id);
    await idReader.end();
    // BENCH_TWO_ONLY=1 skips the one-instance rows (they take most of the run).
    if (process.env.BENCH_TWO_ONLY !== '1') {
      const spawnedAt = performance.now();
      server = startServer(dbUrl, PORT);
      const base = `http://127.0.0.1:${PORT}`;
      // Ready means the search index's first load is done (/api/ready answers 503 until then).
      await waitReady(`${base}/api/ready`, server);
      const readyAfterS = (performance.now() - spawnedAt) / 1000;
      const rssAfterLoadMb = rssMb(server.pid);

      const rows: string[] = [];
      // Each body alone, sequentially and uncached (a new page number each time): its own latency,
      // and a check that it answers 200.
      for (const [index, { name, body }] of mix.entries()) {
        // New filters each time (a price bound moved by a cent): the full statement, facets included.
        const fresh = await timed(base, name, 15, (i) => ({
          ...body,
          ...(body.maxPrice === undefined ? { maxPrice: 2000 + index + i / 100 } : { minPrice: i / 100 }),
        }));
        // The same filters, other pages: the facets are cached, only the page of cards is queried.
        const paged = await timed(base, name, 15, (i) => ({ ...body, page: 2 + i }));
        rows.push(
          `| ${name} | ${fresh.total} | ${fresh.p50.toFixed(1)} | ${fresh.p95.toFixed(1)} | ${paged.p50.toFixed(1)} | ${paged.p95.toFixed(1)} |`,
        );
      }

      const health = await load(`${base}/api/health`, undefined);
      // Issue 26: the place suggestions under the same load as health, right after it.
      const placesLoad = await load(`${base}/api/geo/places`, placeRequests());
      // Issue 26: the place bodies against the same body without a place, and the place suggestions.
      const placeRows = await placeComparison(base, Number(process.env.BENCH_PLACE_ROUNDS ?? 60));
      const suggestions = await placeSuggestions(base, 400);

      // Warm-up: each mix body once, as the first visitors of those pages would (the cold cost is measured above and below).
      for (const { body } of mix) {
        await fetch(`${base}/api/vehicle/search`, { method: 'POST', headers: json, body: JSON.stringify(body) });
      }
      // Repeated bodies: popular listing pages, answered from the version-checked cache after the first time.
      const repeated = await load(
        `${base}/api/vehicle/search`,
        mix.map(({ body }) => ({ method: 'POST', path: '/api/vehicle/search', headers: json, body: JSON.stringify(body) })),
      );
      // Unique bodies: every request differs (a price bound moves a little), so every one is computed.
      let n = 0;
      const unique = await load(
        `${base}/api/vehicle/search`,
        mix.map(({ body }) => ({
          method: 'POST',
          path: '/api/vehicle/search',
          headers: json,
          setupRequest: (request: autocannon.Request) => {
            n += 1;
            // A bound above every price (no filter in effect) that differs by a cent each time: the answer
            // is a real one, but no cache has it. Bodies with a maximum get a fraction of a cent above it.
            const varied =
              typeof body.maxPrice === 'number'
                ? { ...body, maxPrice: body.maxPrice + (n % 100_000) / 100_000 }
                : { ...body, maxPrice: 1000 + n / 100 };
            return { ...request, body: JSON.stringify(varied) };
          },
        })),
      );

      // Repeated bodies while writes land: a price changes 20 times a second (each write reaches the
      // index through the change feed and starts a new index version, so cached answers expire).
      const writer = new pg.Client({ connectionString: dbUrl });
      await writer.connect();
      let writes = 0;
      const writing = setInterval(() => {
        const id = someIds[writes++ % someIds.length];
        writer.query('update vehicles set price_per_day_cents = price_per_day_cents + 1 where id = $1', [id]).catch(() => undefined);
      }, 50);
      const whileWriting = await load(
        `${base}/api/vehicle/search`,
        mix.map(({ body }) => ({ method: 'POST', path: '/api/vehicle/search', headers: json, body: JSON.stringify(body) })),
      );
      clearInterval(writing);
      await writer.end();
      const rssAfterRunMb = rssMb(server.pid);

      console.log(`\n### Search at ${count.toLocaleString('en')} vehicles (PostgreSQL, concurrency ${CONCURRENCY}, ${SECONDS} s each)\n`);
      console.log('| endpoint | req/s | p50 ms | p95 ms | p99 ms | errors |');
      console.log('|---|---|---|---|---|---|');
      const runs = [
        ['GET /api/health', health],
        ['GET /api/geo/places, 19 texts in turn', placesLoad],
        ['POST /api/vehicle/search, 10 bodies repeated (cache)', repeated],
        ['POST /api/vehicle/search, every body unique (no cache)', unique],
        [`POST /api/vehicle/search, 10 bodies repeated while ${writes} price changes land (20/s)`, whileWriting],
      ] as const;
      for (const [name, r] of runs) {
        console.log(`| ${name} | ${r.rps.toFixed(0)} | ${r.p50.toFixed(1)} | ${r.p95.toFixed(1)} | ${r.p99.toFixed(1)} | ${r.non2xx} |`);
      }
      const share = (r: { rps: number }) => `${((r.rps / health.rps) * 100).toFixed(0)} %`;
      console.log(`\nsearch req/s vs health: repeated ${share(repeated)}, unique ${share(unique)}; targets: p95 <= 25 ms, >= 25 %`);
      console.log(
        `server ready (index loaded) ${readyAfterS.toFixed(1)} s after start; RSS ${rssAfterLoadMb} MB after the load, ${rssAfterRunMb} MB after the run`,
      );
      console.log(
        `load average during the run: ${os
          .loadavg()
          .map((l) => l.toFixed(1))
          .join(' / ')} on ${os.cpus().length} cores\n`,
      );
      console.log('| body (sequential, 15 requests each) | matches | new filters p50 ms | p95 ms | next pages p50 ms | p95 ms |');
      console.log('|---|---|---|---|---|---|');
      for (const row of rows) console.log(row);
      console.log('\n| place body (issue 26; sequential, in turn, uncached) | matches | p50 ms | p95 ms | p95 vs no place |');
      console.log('|---|---|---|---|---|');
      for (const row of placeRows) console.log(row);
      console.log(`\n${suggestions}\n`);
    }
    // BENCH_ONE_ONLY=1 skips the two-instance rows.
    if (process.env.BENCH_ONE_ONLY === '1') return;

    // Two instances on the same database.
    await stopServer(server);
    server = undefined;
    const ports = [PORT + 1, PORT + 2];
    const bases = ports.map((port) => `http://127.0.0.1:${port}`);
    // One after the other: two first loads at once double the peak memory and CPU.
    for (const [i, port] of ports.entries()) {
      pair.push(startServer(dbUrl, port));
      await waitReady(`${bases[i]}/api/ready`, pair[i]!);
    }
    for (const b of bases) {
      for (const { body } of mix) await fetch(`${b}/api/vehicle/search`, { method: 'POST', headers: json, body: JSON.stringify(body) });
    }
    if (USE_NGINX) {
      nginx = await startNginx({ port: PORT + 3, upstreamPorts: ports, readyPath: '/api/ready' });
      console.log(`two instances through nginx ${nginx.url} (pid ${nginx.pid}), round robin`);
    } else console.log(nginxBinary ? 'BENCH_NGINX=0: two instances without a balancer' : 'nginx is not installed: no balancer');
    // Through nginx every connection goes to the balancer, which spreads the requests; else half the connections on each.
    const targets = nginx ? [nginx.url] : bases;
    const statementsNow = async () => (await Promise.all(pair.map((child) => statementCount(child)))).reduce((a, b) => a + b, 0);
    const measured = async (name: string, run: () => Promise<Awaited<ReturnType<typeof loadAcross>>>) => {
      const before = await statementsNow();
      const r = await run();
      const statements = (await statementsNow()) - before;
      return { name, r, statements };
    };
    const repeatedBodies = () =>
      mix.map(({ body }) => ({ method: 'POST' as const, path: '/api/vehicle/search', headers: json, body: JSON.stringify(body) }));
    let m = 0;
    const uniqueBodies = () =>
      mix.map(({ body }) => ({
        method: 'POST' as const,
        path: '/api/vehicle/search',
        headers: json,
        setupRequest: (request: autocannon.Request) => {
          m += 1;
          const varied =
            typeof body.maxPrice === 'number'
              ? { ...body, maxPrice: body.maxPrice + (m % 100_000) / 100_000 }
              : { ...body, maxPrice: 1000 + m / 100 };
          return { ...request, body: JSON.stringify(varied) };
        },
      }));
    const twoRuns = [
      await measured('10 bodies repeated (cache)', () => loadAcross(targets, '/api/vehicle/search', repeatedBodies)),
      await measured('every body unique (no cache)', () => loadAcross(targets, '/api/vehicle/search', uniqueBodies)),
    ];
    const writer2 = new pg.Client({ connectionString: dbUrl });
    await writer2.connect();
    let writes2 = 0;
    const writing2 = setInterval(() => {
      const id = someIds[writes2++ % someIds.length];
      writer2.query('update vehicles set price_per_day_cents = price_per_day_cents + 1 where id = $1', [id]).catch(() => undefined);
    }, 50);
    twoRuns.push(
      await measured(`10 bodies repeated while price changes land (20/s)`, () =>
        loadAcross(targets, '/api/vehicle/search', repeatedBodies),
      ),
    );
    clearInterval(writing2);
    await writer2.end();
    const how = nginx
      ? `through nginx: round robin, no stickiness, ${CONCURRENCY} connections`
      : `client-side round robin, ${CONCURRENCY / 2} connections each, no balancer`;
    console.log(`\n### Two instances on one database (${how}; ${SECONDS} s each)\n`);
    console.log('| POST /api/vehicle/search | req/s (both) | p50 ms | p95 ms | p99 ms | errors | statements per search |');
    console.log('|---|---|---|---|---|---|---|');
    for (const { name, r, statements } of twoRuns) {
      console.log(
        `| ${name} | ${r.rps.toFixed(0)} | ${r.p50.toFixed(1)} | ${r.p95.toFixed(1)} | ${r.p99.toFixed(1)} | ${r.non2xx} | ${(statements / Math.max(1, r.count)).toFixed(4)} (${statements} in ${r.count}) |`,
      );
    }
    console.log(`RSS per instance after the runs: ${pair.map((child) => rssMb(child.pid)).join(' MB, ')} MB`);
    console.log(
      `load average at the end: ${os
        .loadavg()
        .map((l) => l.toFixed(1))
        .join(' / ')} on ${os.cpus().length} cores`,
    );
  } finally {
    await nginx?.stop();
    await stopServer(server);
    for (const child of pair) await stopServer(child);
    await admin.query(`drop database if exists ${DB_NAME} with (force)`);
    await admin.end();
  }
}

await main();
