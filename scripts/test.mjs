#!/usr/bin/env node
// The README's test command: every runner (Vitest projects, then Playwright in Debian's Chromium),
// then one plain line 'N passed, N failed' built from their JSON reports.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs';
import path from 'node:path';
import { FIRST_LOAD_BUDGETS_KB } from './first-load-budgets.mjs';
import { installSwift, startSwift, SWIFT_INSTALL_HINT } from './swift.mjs';

const root = path.resolve(path.dirname(new URL(import.meta.url).pathname), '..');
const tmp = path.join(root, '.tmp');
mkdirSync(tmp, { recursive: true });
// The AWS SDK warns on Node 20 that later releases will need Node 22; the machine runs Node 20.
const env = { ...process.env, NO_COLOR: '1', FORCE_COLOR: '0', AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED: 'true' };
const bin = (name) => path.join(root, 'node_modules', '.bin', name);
const args = process.argv.slice(2);
const only = args.includes('--unit') ? 'unit' : args.includes('--e2e') ? 'e2e' : 'all';
/**
 * One area: `npm test -- --unit apps/server/src/modules/rentals` runs only the Vitest files under the
 * paths given (every project that holds them; each worker imports the app once, as in every run, see
 * vitest.config.ts), and starts the S3 server only when a storage suite is among them.
 */
const areas = args.filter((arg) => !arg.startsWith('--'));
const areaArgs = areas;

function run(cmd, cmdArgs, extraEnv = {}) {
  console.log(`\n$ ${path.basename(cmd)} ${cmdArgs.join(' ')}`);
  return spawnSync(cmd, cmdArgs, { cwd: root, stdio: 'inherit', env: { ...env, ...extraEnv } }).status ?? 1;
}

function ensureChromium() {
  if (existsSync('/usr/bin/chromium')) return true;
  if (process.getuid?.() === 0) {
    console.log("Chromium is missing; installing Debian's chromium package...");
    run('apt-get', ['update', '-qq']);
    run('apt-get', ['install', '-y', '-qq', 'chromium'], { DEBIAN_FRONTEND: 'noninteractive' });
    if (existsSync('/usr/bin/chromium')) return true;
  }
  console.error('Chromium is not installed. Run as root: apt-get update && apt-get install -y chromium');
  return false;
}

/**
 * A real SMTP server for the mail suites (issue 25): Debian's python3-aiosmtpd, which the suites start
 * on loopback ports of their own (4511 and up) with its Maildir handler. Installed here when running as
 * root and missing, like Chromium and Swift; without it those suites skip with one line.
 */
function ensureAiosmtpd() {
  if (existsSync('/usr/bin/aiosmtpd')) return;
  if (process.getuid?.() === 0) {
    console.log("aiosmtpd is missing; installing Debian's python3-aiosmtpd package...");
    run('apt-get', ['update', '-qq']);
    run('apt-get', ['install', '-y', '-qq', 'python3-aiosmtpd'], { DEBIAN_FRONTEND: 'noninteractive' });
  }
  if (!existsSync('/usr/bin/aiosmtpd')) {
    console.log('aiosmtpd is not installed (as root: apt-get install -y python3-aiosmtpd); the SMTP mail suites are skipped.');
  }
}

/**
 * A real S3 server for the storage suites: Swift from Debian (installed when running as root), on
 * loopback ports of the test command's own (SWIFT_PORT_BASE, default 4190-4194: clear of the e2e
 * server's 4173). Without it the S3 suites skip with one line each.
 */
async function startStorageServer() {
  process.env.AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED = 'true';
  if (!installSwift()) {
    console.log(`Swift is not installed (as root: ${SWIFT_INSTALL_HINT}); the S3 storage suites are skipped.`);
    return undefined;
  }
  try {
    const swift = await startSwift({ portBase: Number(process.env.SWIFT_PORT_BASE ?? 4190), log: console.log });
    Object.assign(env, {
      TEST_S3_ENDPOINT: swift.endpoint,
      TEST_S3_REGION: swift.region,
      TEST_S3_BUCKET: swift.bucket,
      TEST_S3_ACCESS_KEY_ID: swift.accessKeyId,
      TEST_S3_SECRET_ACCESS_KEY: swift.secretAccessKey,
    });
    return swift;
  } catch (error) {
    console.log(`Swift did not start (${error instanceof Error ? error.message : error}); the S3 storage suites are skipped.`);
    return undefined;
  }
}

let passed = 0;
let failed = 0;
let crashed = false;

/**
 * The web app is built once per run (browser build and server renderer, as `npm run build:web`) into
 * WEB_OUT_DIR or apps/web/dist, before Vitest: the rendered-page suites read it (TEST_WEB_DIST_DIR)
 * instead of building it twice each, and the first-load check and Playwright use the same build.
 * An area run without those suites builds nothing (they build for themselves when run alone).
 */
const webDir = process.env.WEB_OUT_DIR ? path.resolve(process.env.WEB_OUT_DIR) : path.join(root, 'apps/web/dist');
const webSuitesIn = (area) =>
  /(^|\/)web-render(\/|$)|^(apps|apps\/server|apps\/server\/src|\.)\/?$/.test(path.relative(root, path.resolve(area)) || '.');
const needsWeb = only !== 'unit' || !areas.length || areas.some(webSuitesIn);
const timings = [];
function timed(label, fn) {
  const started = Date.now();
  const result = fn();
  timings.push(`${label} ${((Date.now() - started) / 1000).toFixed(0)} s`);
  return result;
}
const webBuilt = needsWeb && timed('web build', () => run('npm', ['run', 'build:web', '--silent'], { WEB_OUT_DIR: webDir }) === 0);
if (webBuilt) env.TEST_WEB_DIST_DIR = webDir;

if (only !== 'e2e') {
  const needsStorage = !areas.length || areas.some((area) => /storage|vehicles|images/.test(area));
  const swift = needsStorage ? await startStorageServer() : undefined;
  if (!areas.length || areas.some((area) => /mail|account|server\/src\/?$|modules\/?$/.test(area))) ensureAiosmtpd();
  const report = path.join(tmp, 'vitest.json');
  rmSync(report, { force: true });
  const status = timed('Vitest', () =>
    run(bin('vitest'), ['run', '--reporter=default', '--reporter=json', `--outputFile.json=${report}`, ...areaArgs]),
  );
  if (existsSync(report)) {
    const json = JSON.parse(readFileSync(report, 'utf8'));
    passed += json.numPassedTests ?? 0;
    failed += (json.numFailedTests ?? 0) + (json.numFailedTestSuites && !json.numFailedTests ? json.numFailedTestSuites : 0);
    if (status !== 0 && !json.numFailedTests && !json.numFailedTestSuites) crashed = true;
  } else {
    crashed = true;
  }
  await swift?.stop();
}

if (only !== 'unit') {
  if (!ensureChromium()) {
    crashed = true;
  } else if (!webBuilt || timed('server build', () => run('npm', ['run', 'build:server', '--silent'])) !== 0) {
    crashed = true;
  } else {
    // The first-load budget of the public screens (JS + CSS, gzip, KB): one test, failed when over.
    const budgets = Object.entries(FIRST_LOAD_BUDGETS_KB).flatMap(([route, kb]) => ['--max', `${route}=${kb}`]);
    const sizeStatus = run('node', ['scripts/first-load-size.mjs', webDir, ...Object.keys(FIRST_LOAD_BUDGETS_KB), ...budgets, '--quiet']);
    if (sizeStatus === 0) passed += 1;
    else failed += 1;

    // The browser build and the server renderer run on React itself, not Preact (ADR 016): one test.
    if (run('node', ['scripts/check-react-build.mjs', webDir]) === 0) passed += 1;
    else failed += 1;

    // The production start: plain node on the compiled server (e2e below runs the sources through tsx).
    if (run('node', ['scripts/smoke-compiled-server.mjs']) === 0) passed += 1;
    else failed += 1;

    const report = path.join(tmp, 'playwright.json');
    rmSync(report, { force: true });
    const status = timed('Playwright', () =>
      run(bin('playwright'), ['test', '--reporter=list,json'], { PLAYWRIGHT_JSON_OUTPUT_NAME: report, WEB_DIST_DIR: webDir }),
    );
    if (existsSync(report)) {
      const stats = JSON.parse(readFileSync(report, 'utf8')).stats ?? {};
      passed += (stats.expected ?? 0) + (stats.flaky ?? 0);
      failed += stats.unexpected ?? 0;
      if (status !== 0 && !stats.unexpected) crashed = true;
    } else {
      crashed = true;
    }
  }
}

if (timings.length) console.log(`\nTimes: ${timings.join(', ')}`);
if (crashed) console.log('\nA test runner did not finish normally (see above).');
console.log(`\n${passed} passed, ${failed + (crashed ? 1 : 0)} failed`);
process.exit(failed === 0 && !crashed ? 0 : 1);
