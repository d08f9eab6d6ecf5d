/**
 * npm run bench:web — what a shopper's browser gets: Lighthouse on the public pages, and the server's
 * rate for a rendered vehicle page against /api/health.
 *
 * Builds the web app into a temp folder, starts the real server (production mode) in a child process
 * on a throwaway database with the demo data (PGlite under a temp DATA_DIR, or a new database on
 * BENCH_DATABASE_URL when set, dropped afterwards), picks a demo vehicle with photos and reviews, then
 * runs the Lighthouse CLI (Debian's Chromium, headless) on `/`, `/listing?type=Car` and that
 * vehicle's page with the default mobile settings (simulated slow 4G, 4x slower CPU) and with the
 * desktop preset, and prints one Markdown table. Then autocannon at concurrency 8 for BENCH_SECONDS
 * (10) each: GET /api/health and the vehicle's page as a browser asks for it (Accept: text/html,
 * Accept-Encoding: br, gzip). Also prints the first-load JS+CSS of the built screens and the
 * compression of the main responses. Then the interaction figures (bench/support/web-interactions.ts:
 * Chromium at 4x CPU slowdown, median of BENCH_INTERACTION_RUNS (5) fresh loads): a listing filter click
 * (its Event Timing duration, and the time until the new results are painted) and opening a vehicle
 * from the listing (until its heading is painted); BENCH_INTERACTIONS=0 skips them. BENCH_LH_RUNS=n runs every Lighthouse case n times and keeps
 * the median by performance score (the machine is shared; one run varies by several points);
 * BENCH_LIGHTHOUSE=0 skips Lighthouse. BENCH_WEB_DIR=<dir> uses a build made beforehand (its renderer
 * at '<dir>-ssr') instead of building, to measure another branch. For each mobile page it also prints
 * where the main thread went: Lighthouse's long tasks, boot-up time per script and work by kind, and
 * a trace of its own (bench/support/web-trace.ts, Chromium at 4x CPU on a phone's screen: every task
 * of 50 ms and more with what ran in it; BENCH_TRACE=0 skips it; a build made with
 * `vite build --minify false` names the source modules). BENCH_LOAD=0 skips the autocannon runs.
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { fmt, loadAverage } from './support/markdown-table';
import { runAutocannon, type EndpointRow } from './support/run-autocannon';
import { CHROME_ARGS, measureInteractions, type InteractionFigures } from './support/web-interactions';
import { printTrace, traceLoad, type TraceSummary } from './support/web-trace';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const PORT = Number(process.env.BENCH_PORT ?? 9600);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const LH_RUNS = Math.max(1, Number(process.env.BENCH_LH_RUNS ?? 1));
/** BENCH_LIGHTHOUSE=0: only the sizes and the load (a quicker run, e.g. to compare databases). */
const LIGHTHOUSE = process.env.BENCH_LIGHTHOUSE !== '0';
const INTERACTIONS = process.env.BENCH_INTERACTIONS !== '0';
const INTERACTION_RUNS = Math.max(1, Number(process.env.BENCH_INTERACTION_RUNS ?? 5));
/** BENCH_TRACE=0 skips the long-task traces of the three pages (bench/support/web-trace.ts). */
const TRACE = process.env.BENCH_TRACE !== '0';
/** BENCH_LOAD=0 skips the autocannon runs (health against the rendered page). */
const LOAD = process.env.BENCH_LOAD !== '0';
const CHROME_PATH = process.env.CHROME_PATH ?? '/usr/bin/chromium';
const CHROME_FLAGS = ['--headless=new', ...CHROME_ARGS].join(' ');
const BASE = `http://127.0.0.1:${PORT}`;

interface LighthouseRow {
  page: string;
  formFactor: 'mobile' | 'desktop';
  performance: number;
  accessibility: number;
  bestPractices: number;
  seo: number;
  lcpMs: number;
  fcpMs: number;
  tbtMs: number;
  cls: number;
  totalBytes: number;
  /** Audits below 1 in the non-performance categories, to say what to fix. */
  findings: string[];
  /** Where the main thread went (mobile): the long tasks, the scripts' boot-up time, the work by kind. */
  mainThread: string[];
}

interface LighthouseReport {
  categories: Record<string, { score: number | null; auditRefs: { id: string; weight: number }[] }>;
  audits: Record<
    string,
    {
      score: number | null;
      numericValue?: number;
      title: string;
      scoreDisplayMode: string;
      details?: { items?: Record<string, unknown>[] };
    }
  >;
  runtimeError?: { message: string };
}

function run(cmd: string, args: string[], env: NodeJS.ProcessEnv = {}): void {
  const result = spawnSync(cmd, args, { cwd: root, stdio: 'inherit', env: { ...process.env, ...env } });
  if (result.status !== 0) throw new Error(`${cmd} ${args.join(' ')} exited with ${result.status}`);
}

async function waitReady(child: ChildProcess): Promise<void> {
  const deadline = Date.now() + 180_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error('the server exited');
    try {
      if ((await fetch(`${BASE}/api/ready`)).ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 500));
  }
  throw new Error('the server did not become ready');
}

/** A demo vehicle with at least two photos and a review: the details page at its fullest. */
async function pickVehicle(): Promise<string> {
  const res = await fetch(`${BASE}/api/vehicle/search`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ sort: 'rating-desc' }),
  });
  const page = (await res.json()) as { items?: { id: string; reviewCount: number }[] };
  let withReviews: string | undefined;
  for (const card of (page.items ?? []).filter((c) => c.reviewCount > 0)) {
    const details = (await (await fetch(`${BASE}/api/vehicle/${card.id}`)).json()) as { imageURLS: unknown[] };
    if (details.imageURLS.length >= 2) return card.id;
    if (details.imageURLS.length >= 1) withReviews ??= card.id;
  }
  if (withReviews) return withReviews;
  throw new Error('no demo vehicle with photos and reviews');
}

function lighthouse(url: string, formFactor: 'mobile' | 'desktop', outFile: string): LighthouseReport {
  const args = [
    url,
    '--output=json',
    `--output-path=${outFile}`,
    '--quiet',
    `--chrome-flags=${CHROME_FLAGS}`,
    '--only-categories=performance,accessibility,best-practices,seo',
    ...(formFactor === 'desktop' ? ['--preset=desktop'] : []),
  ];
  // On a loaded machine Chromium sometimes loses the trace (NO_NAVSTART): try again, up to 3 times.
  for (let attempt = 1; ; attempt++) {
    try {
      run(path.join(root, 'node_modules/.bin/lighthouse'), args, { CHROME_PATH });
      const report = JSON.parse(readFileSync(outFile, 'utf8')) as LighthouseReport;
      if (report.runtimeError) throw new Error(`lighthouse ${url}: ${report.runtimeError.message}`);
      return report;
    } catch (error) {
      if (attempt >= 3) throw error;
      console.log(`  (attempt ${attempt} failed: ${(error as Error).message.slice(0, 120)}; again)`);
    }
  }
}

/** A few words on what an audit found (the console message, the issue, the element), to know what to fix. */
function describeItems(items: Record<string, unknown>[] | undefined): string {
  if (!items?.length) return '';
  const texts = items.slice(0, 3).map((item) => {
    const node = item.node as { snippet?: string } | undefined;
    const subItems = (item.subItems as { items?: Record<string, unknown>[] } | undefined)?.items;
    const found = [item.description, item.issueType, node?.snippet, item.url].find((v): v is string => typeof v === 'string');
    const text = found ?? JSON.stringify(subItems?.[0] ?? item);
    return text.replace(/\s+/g, ' ').slice(0, 160);
  });
  return ` (${texts.join('; ')})`;
}

function toRow(page: string, formFactor: 'mobile' | 'desktop', report: LighthouseReport): LighthouseRow {
  const score = (id: string) => Math.round((report.categories[id]?.score ?? 0) * 100);
  const value = (id: string) => report.audits[id]?.numericValue ?? NaN;
  const findings = ['accessibility', 'best-practices', 'seo'].flatMap((category) =>
    (report.categories[category]?.auditRefs ?? [])
      .map((ref) => ({ id: ref.id, audit: report.audits[ref.id] }))
      .filter(({ audit }) => audit && audit.scoreDisplayMode === 'binary' && audit.score !== null && audit.score < 1)
      .map(({ id, audit }) => `${category}: ${id}${describeItems(audit!.details?.items)}`),
  );
  return {
    page,
    formFactor,
    performance: score('performance'),
    accessibility: score('accessibility'),
    bestPractices: score('best-practices'),
    seo: score('seo'),
    lcpMs: value('largest-contentful-paint'),
    fcpMs: value('first-contentful-paint'),
    tbtMs: value('total-blocking-time'),
    cls: value('cumulative-layout-shift'),
    totalBytes: value('total-byte-weight'),
    findings,
    mainThread: mainThreadOf(report),
  };
}

/**
 * Lighthouse's own view of the main thread (its times are the simulated ones, 4x the observed CPU
 * time on mobile): the long tasks by script, the scripts' boot-up time, the work by kind.
 */
function mainThreadOf(report: LighthouseReport): string[] {
  const items = (id: string) => report.audits[id]?.details?.items ?? [];
  const ms = (v: unknown) => fmt(Number(v));
  const name = (v: unknown) => String(v).replace(/^https?:\/\/[^/]+/, '') || String(v);
  return [
    `long tasks: ${items('long-tasks')
      .map((t) => `${ms(t.duration)} ms at ${ms(t.startTime)} (${name(t.url)})`)
      .join(', ')}`,
    `boot-up (total / scripting / parse+compile, ms): ${items('bootup-time')
      .map((t) => `${name(t.url)} ${ms(t.total)} / ${ms(t.scripting)} / ${ms(t.scriptParseCompile)}`)
      .join(', ')}`,
    `main thread by kind (ms): ${items('mainthread-work-breakdown')
      .map((t) => `${String(t.groupLabel ?? t.group)} ${ms(t.duration)}`)
      .join(', ')}`,
  ];
}

function printLighthouse(rows: LighthouseRow[]): void {
  console.log(
    '\n| Page | Form factor | Performance | Accessibility | Best practices | SEO | LCP (s) | FCP (s) | TBT (ms) | CLS | Total (KiB) |',
  );
  console.log('|---|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|');
  for (const r of rows) {
    console.log(
      `| ${r.page} | ${r.formFactor} | ${r.performance} | ${r.accessibility} | ${r.bestPractices} | ${r.seo} | ${fmt(r.lcpMs / 1000, 1)} | ${fmt(r.fcpMs / 1000, 1)} | ${fmt(r.tbtMs)} | ${fmt(r.cls, 3)} | ${fmt(r.totalBytes / 1024)} |`,
    );
  }
  const findings = [...new Set(rows.flatMap((r) => r.findings.map((f) => `${r.page} (${r.formFactor}) ${f}`)))];
  if (findings.length) console.log(`\nFailed audits:\n${findings.map((f) => `- ${f}`).join('\n')}`);
  for (const r of rows.filter((row) => row.formFactor === 'mobile')) {
    console.log(
      `\nMain thread, ${r.page} (mobile, the median run, Lighthouse's simulated times):\n${r.mainThread.map((line) => `- ${line}`).join('\n')}`,
    );
  }
}

/** Bytes on the wire for a URL as a browser asks for it: identity, Brotli and gzip (counted before decoding). */
async function wireSizes(label: string, url: string, accept: string): Promise<string> {
  const identity = await rawLength(url, accept, 'identity');
  const br = await rawLength(url, accept, 'br');
  const gzip = await rawLength(url, accept, 'gzip');
  const cell = (r: { encoding: string; bytes: number }, want: string) => (r.encoding === want ? fmt(r.bytes / 1024, 1) : 'not compressed');
  return `| ${label} | ${fmt(identity.bytes / 1024, 1)} | ${cell(br, 'br')} | ${cell(gzip, 'gzip')} |`;
}

async function rawLength(url: string, accept: string, encoding: string): Promise<{ encoding: string; bytes: number }> {
  const http = await import('node:http');
  return new Promise((resolve, reject) => {
    http
      .get(url, { headers: { accept, 'accept-encoding': encoding } }, (res) => {
        let bytes = 0;
        res.on('data', (chunk: Buffer) => (bytes += chunk.length));
        res.on('end', () => resolve({ encoding: String(res.headers['content-encoding'] ?? 'identity'), bytes }));
        res.on('error', reject);
      })
      .on('error', reject);
  });
}

/** autocannon in this process (a worker cannot take the function that makes each URL unique). */
async function renderedAfresh(url: string): Promise<EndpointRow> {
  const { default: autocannon } = await import('autocannon');
  let n = 0;
  const result = await autocannon({
    url,
    connections: 8,
    duration: SECONDS,
    headers: { accept: 'text/html,application/xhtml+xml', 'accept-encoding': 'br, gzip' },
    requests: [{ method: 'GET', setupRequest: (request) => ({ ...request, path: `${new URL(url).pathname}?bench=${n++}` }) }],
  });
  return {
    database: 'page',
    endpoint: 'GET /api/vehicle/{id}?bench=n (HTML, br, rendered each time)',
    rps: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    requests: result.requests.total,
    failures: result.non2xx + result.errors + result.timeouts,
  };
}

async function main() {
  // Under the repository, not the system temp folder: the server renderer imports its packages
  // from node_modules, which Node finds by walking up from the build.
  mkdirSync(path.join(root, '.tmp'), { recursive: true });
  const tmp = mkdtempSync(path.join(root, '.tmp', 'bench-web-'));
  let webDir = path.join(tmp, 'web');
  const baseUrl = process.env.BENCH_DATABASE_URL;
  const dbName = `rentdrive_bench_web_${process.pid}`;
  let admin: pg.Client | undefined;
  let server: ChildProcess | undefined;
  try {
    if (process.env.BENCH_WEB_DIR) {
      // A build made beforehand (another branch's, to compare): its renderer sits at '<dir>-ssr'.
      webDir = path.resolve(process.env.BENCH_WEB_DIR);
      console.log(`Using the build in ${webDir}`);
    } else {
      console.log(`Building the web app into ${webDir} ...`);
      run('npm', ['run', 'build', '--silent'], { WEB_OUT_DIR: webDir });
    }
    const sizes = spawnSync('node', ['scripts/first-load-size.mjs', webDir, 'home', 'listing', 'vehicle-details', '--quiet'], {
      cwd: root,
      encoding: 'utf8',
    });
    const firstLoad = sizes.stdout.trim();

    let databaseUrl: string | undefined;
    if (baseUrl) {
      admin = new pg.Client({ connectionString: baseUrl });
      await admin.connect();
      await admin.query(`create database ${dbName}`);
      const u = new URL(baseUrl);
      u.pathname = `/${dbName}`;
      databaseUrl = u.toString();
    }
    console.log(`Starting the server on ${BASE} (${databaseUrl ? 'PostgreSQL' : 'PGlite'}, demo data) ...`);
    const env: NodeJS.ProcessEnv = { ...process.env };
    delete env.DATABASE_URL;
    if (databaseUrl) env.DATABASE_URL = databaseUrl;
    server = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/server.ts'], {
      cwd: root,
      stdio: ['ignore', 'ignore', 'inherit'],
      env: {
        ...env,
        NODE_ENV: 'production',
        HOST: '127.0.0.1',
        PORT: String(PORT),
        LOG_LEVEL: 'warn',
        DATA_DIR: path.join(tmp, 'data'),
        WEB_DIST_DIR: webDir,
        SEED_DEMO_DATA: 'true',
      },
    });
    await waitReady(server);
    const vehicleId = await pickVehicle();
    const vehiclePath = `/api/vehicle/${vehicleId}`;
    const pages: [string, string][] = [
      ['/', '/'],
      ['/listing?type=Car', '/listing?type=Car'],
      ['/api/vehicle/{id}', vehiclePath],
    ];

    const rows: LighthouseRow[] = [];
    for (const formFactor of LIGHTHOUSE ? (['mobile', 'desktop'] as const) : []) {
      for (const [label, pagePath] of pages) {
        const runs: LighthouseRow[] = [];
        for (let i = 0; i < LH_RUNS; i++) {
          console.log(`Lighthouse ${formFactor} ${label} (${i + 1}/${LH_RUNS}) ...`);
          runs.push(
            toRow(
              label,
              formFactor,
              lighthouse(`${BASE}${pagePath}`, formFactor, path.join(tmp, `lh-${formFactor}-${rows.length}-${i}.json`)),
            ),
          );
        }
        const last = runs[runs.length - 1]!;
        console.log(
          `  performance ${last.performance}, LCP ${fmt(last.lcpMs)} ms, FCP ${fmt(last.fcpMs)} ms, TBT ${fmt(last.tbtMs)} ms, CLS ${fmt(last.cls, 3)}`,
        );
        runs.sort((a, b) => a.performance - b.performance);
        rows.push(runs[Math.floor(runs.length / 2)]!);
      }
    }

    const compression = [
      '| Response | Identity (KiB) | Brotli (KiB) | gzip (KiB) |',
      '|---|---:|---:|---:|',
      await wireSizes(`${vehiclePath.replace(vehicleId, '{id}')} (HTML)`, `${BASE}${vehiclePath}`, 'text/html'),
      await wireSizes('/api/vehicle/{id} (JSON)', `${BASE}${vehiclePath}`, 'application/json'),
    ];
    const entry = /src="(\/assets\/index-[^"]+\.js)"/.exec(
      await (await fetch(`${BASE}/`, { headers: { accept: 'text/html' } })).text(),
    )?.[1];
    if (entry) compression.push(await wireSizes(`entry script ${path.basename(entry)}`, `${BASE}${entry}`, '*/*'));

    let interactions: InteractionFigures | undefined;
    if (INTERACTIONS) {
      console.log(`Interactions at 4x CPU slowdown (${INTERACTION_RUNS} runs) ...`);
      interactions = await measureInteractions(BASE, CHROME_PATH, INTERACTION_RUNS);
    }

    const traces: [string, TraceSummary][] = [];
    for (const [label, pagePath] of TRACE ? pages : []) {
      console.log(`Trace of ${label} at 4x CPU ...`);
      traces.push([label, await traceLoad(`${BASE}${pagePath}`, CHROME_PATH)]);
    }

    const throughput: EndpointRow[] = [];
    if (LOAD) {
      console.log(`Load: autocannon, ${SECONDS} s each at concurrency 8 ...`);
      throughput.push(
        await runAutocannon({
          database: 'health',
          endpoint: 'GET /api/health',
          connections: 8,
          seconds: SECONDS,
          url: `${BASE}/api/health`,
        }),
      );
      throughput.push(
        await runAutocannon({
          database: 'page',
          endpoint: 'GET /api/vehicle/{id} (HTML, br)',
          connections: 8,
          seconds: SECONDS,
          url: `${BASE}${vehiclePath}`,
          headers: { accept: 'text/html,application/xhtml+xml', 'accept-encoding': 'br, gzip' },
        }),
      );
      // The same page under a new URL every time (an unused query parameter): no cached document, every
      // request renders (data from the app's routes in process, React's renderToPipeableStream, brotli).
      throughput.push(await renderedAfresh(`${BASE}${vehiclePath}`));
    }

    console.log(
      `\nRun of ${new Date().toISOString()}, ${os.cpus().length} vCPUs, Node ${process.versions.node}, ${databaseUrl ? 'PostgreSQL' : 'PGlite'}; load average ${loadAverage()}.`,
    );
    printLighthouse(rows);
    console.log('\nFirst load (gzip):\n```\n' + firstLoad + '\n```');
    if (interactions) {
      console.log(`\n| Interaction (Chromium, 4x CPU slowdown, median of ${interactions.runs}) | ms | Target |`);
      console.log('|---|---:|---:|');
      console.log(`| Listing filter click: Event Timing duration (INP) | ${fmt(interactions.filterInpMs)} | 200 |`);
      console.log(`| Listing filter click until the new results are painted | ${fmt(interactions.filterResultsMs)} | 200 |`);
      console.log(`| Opening a vehicle from the listing until its heading is painted | ${fmt(interactions.openVehicleMs)} | 300 |`);
      console.log(
        `| Opening a vehicle from the listing until its rent panel (from the vehicle's own answer) is painted | ${fmt(interactions.openVehicleFullMs)} | - |`,
      );
    }
    for (const [label, summary] of traces) printTrace(label, summary);
    console.log('\n' + compression.join('\n'));
    const health = throughput[0];
    if (health) {
      console.log('\n| Endpoint | Requests/s | p50 (ms) | p99 (ms) | Requests | Failed | Share of health |');
      console.log('|---|---:|---:|---:|---:|---:|---:|');
      for (const r of throughput) {
        console.log(
          `| ${r.endpoint} | ${fmt(r.rps)} | ${fmt(r.p50, 1)} | ${fmt(r.p99, 1)} | ${fmt(r.requests)} | ${fmt(r.failures)} | ${fmt((100 * r.rps) / health.rps)} % |`,
        );
      }
    }
  } finally {
    if (server && server.exitCode === null) {
      server.kill('SIGTERM');
      await new Promise((r) => server!.once('exit', r));
    }
    if (admin) {
      await admin.query(`drop database if exists ${dbName} with (force)`).catch(() => undefined);
      await admin.end();
    }
    rmSync(tmp, { recursive: true, force: true });
  }
}

await main();
