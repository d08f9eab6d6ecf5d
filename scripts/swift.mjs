#!/usr/bin/env node
// A real S3-compatible server for the storage tests: OpenStack Swift from Debian's packages (the
// proxy with its s3api and tempauth middlewares, one account, container and object server on a
// one-replica ring over a plain folder, memcached), all on loopback ports, as plain child processes.
//
//   node scripts/swift.mjs start [--port-base N] [--dir D]   starts, prints the S3 environment, waits
//   node scripts/swift.mjs check                              exit 0 when the Debian packages are there
//
// The test command imports startSwift() and stops it with stop(). Nothing is written outside the
// run folder (.tmp/swift-<run>); Swift reads swift.conf from its swift_dir, so /etc/swift is untouched.
import { spawn, spawnSync } from 'node:child_process';
import { closeSync, existsSync, mkdirSync, openSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

/** The Debian packages and the one-line hint printed when they are missing. */
export const SWIFT_PACKAGES = ['swift', 'swift-proxy', 'swift-object', 'swift-container', 'swift-account', 'memcached'];
export const SWIFT_INSTALL_HINT = `apt-get install -y --no-install-recommends ${SWIFT_PACKAGES.join(' ')}`;
const BINARIES = [
  'swift-ring-builder',
  'swift-proxy-server',
  'swift-account-server',
  'swift-container-server',
  'swift-object-server',
  'memcached',
];

/** tempauth's test account: the S3 access key is 'account:user', the secret its password. */
const ACCOUNT = 'test';
const USER = 'tester';
const PASSWORD = 'testing';
const REGION = 'us-east-1';

function which(binary) {
  for (const dir of (process.env.PATH ?? '').split(':').concat(['/usr/bin', '/usr/sbin'])) {
    if (dir && existsSync(path.join(dir, binary))) return path.join(dir, binary);
  }
  return undefined;
}

/** Whether every program Swift needs is installed. */
export function swiftInstalled() {
  return BINARIES.every((b) => which(b) !== undefined);
}

/** Installs the Debian packages when running as root (as the test command does for Chromium). */
export function installSwift(log = console.log) {
  if (swiftInstalled()) return true;
  if (process.getuid?.() !== 0) return false;
  log("Swift is missing; installing Debian's packages...");
  const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
  spawnSync('apt-get', ['update', '-qq'], { stdio: 'inherit', env });
  spawnSync('apt-get', ['install', '-y', '-qq', '--no-install-recommends', ...SWIFT_PACKAGES], { stdio: 'inherit', env });
  return swiftInstalled();
}

function ini(sections) {
  return Object.entries(sections)
    .map(([name, values]) => [`[${name}]`, ...Object.entries(values).map(([k, v]) => `${k} = ${v}`)].join('\n'))
    .join('\n\n')
    .concat('\n');
}

/**
 * The three rings (one device, one replica each) through swift-ring-builder's own code in one Python
 * process: nine separate runs of the command cost seconds of interpreter start-up on a busy machine.
 */
function buildRings(dir, ports) {
  const steps = ['account', 'container', 'object'].flatMap((name) => {
    const builder = path.join(dir, `${name}.builder`);
    // Partition power 6 (64 partitions), one replica, no minimum time between moves.
    return [
      [builder, 'create', '6', '1', '0'],
      [builder, 'add', `r1z1-127.0.0.1:${ports[name]}/d1`, '100'],
      [builder, 'rebalance'],
    ];
  });
  const program = [
    'import json, sys',
    'from swift.cli.ringbuilder import main',
    'for argv in json.loads(sys.argv[1]):',
    '    try:',
    "        main(['swift-ring-builder'] + argv)",
    '    except SystemExit as exit:',
    // 1 is a warning (e.g. a one-device ring); 2 an error.
    '        if exit.code not in (None, 0, 1): raise',
  ].join('\n');
  const python = existsSync('/usr/bin/python3') ? '/usr/bin/python3' : 'python3';
  const result = spawnSync(python, ['-c', program, JSON.stringify(steps)], { cwd: dir, encoding: 'utf8' });
  for (const name of ['account', 'container', 'object']) {
    if (!existsSync(path.join(dir, `${name}.ring.gz`))) {
      throw new Error(`swift-ring-builder wrote no ${name}.ring.gz: ${result.stderr || result.error}`);
    }
  }
}

/**
 * Timeouts for a loaded test machine: Swift's defaults (0.5 s to connect to a backend, a node
 * error-limited for a minute after 10 errors) are tuned for racks of servers; with one device per
 * ring a single slow moment under a busy test run would otherwise turn into a minute of 503s.
 */
const PATIENT = { conn_timeout: 5, node_timeout: 60, client_timeout: 120 };

function serverConf(dir, port, app, user) {
  return ini({
    DEFAULT: {
      ...PATIENT,
      bind_ip: '127.0.0.1',
      bind_port: port,
      devices: path.join(dir, 'devices'),
      mount_check: 'false',
      disable_fallocate: 'true',
      swift_dir: dir,
      user,
      // One process, no forked workers: frugal, and its PID is the one we stop.
      workers: 0,
      log_name: `${app}-server`,
    },
    'pipeline:main': { pipeline: `${app}-server` },
    [`app:${app}-server`]: { use: `egg:swift#${app}`, ...(app === 'object' ? { container_update_timeout: 30 } : {}) },
  });
}

function proxyConf(dir, ports, user) {
  return ini({
    DEFAULT: {
      bind_ip: '127.0.0.1',
      bind_port: ports.proxy,
      swift_dir: dir,
      user,
      workers: 0,
      log_name: 'proxy-server',
    },
    'pipeline:main': {
      pipeline:
        'catch_errors gatekeeper healthcheck proxy-logging cache listing_formats s3api tempauth copy slo dlo versioned_writes proxy-logging proxy-server',
    },
    'app:proxy-server': {
      use: 'egg:swift#proxy',
      account_autocreate: 'true',
      ...PATIENT,
      recoverable_node_timeout: 60,
      error_suppression_limit: 1_000_000,
    },
    'filter:catch_errors': { use: 'egg:swift#catch_errors' },
    'filter:gatekeeper': { use: 'egg:swift#gatekeeper' },
    'filter:healthcheck': { use: 'egg:swift#healthcheck' },
    'filter:proxy-logging': { use: 'egg:swift#proxy_logging' },
    'filter:cache': {
      use: 'egg:swift#memcache',
      memcache_servers: `127.0.0.1:${ports.memcached}`,
      connect_timeout: 5,
      pool_timeout: 5,
      io_timeout: 10,
    },
    'filter:listing_formats': { use: 'egg:swift#listing_formats' },
    'filter:s3api': { use: 'egg:swift#s3api', location: REGION },
    'filter:tempauth': { use: 'egg:swift#tempauth', [`user_${ACCOUNT}_${USER}`]: `${PASSWORD} .admin` },
    'filter:copy': { use: 'egg:swift#copy' },
    'filter:slo': { use: 'egg:swift#slo' },
    'filter:dlo': { use: 'egg:swift#dlo' },
    'filter:versioned_writes': { use: 'egg:swift#versioned_writes' },
  });
}

/** Five loopback ports from a base: proxy, account, container, object, memcached. */
export function swiftPorts(base) {
  return { proxy: base, account: base + 1, container: base + 2, object: base + 3, memcached: base + 4 };
}

/**
 * Starts Swift under `dir` (default .tmp/swift-<pid>) on the five ports from `portBase`, waits for
 * the first S3 request to succeed, creates `bucket`, and returns its S3 settings and stop().
 */
export async function startSwift({ portBase, dir, bucket = 'rentdrive-test', timeoutMs = 60_000, log = () => {} } = {}) {
  if (!portBase) throw new Error('startSwift: portBase is required');
  const started = Date.now();
  const ports = swiftPorts(portBase);
  const runDir = path.resolve(dir ?? path.join(root, '.tmp', `swift-${process.pid}`));
  rmSync(runDir, { recursive: true, force: true });
  mkdirSync(path.join(runDir, 'devices', 'd1'), { recursive: true });
  const user = os.userInfo().username;

  writeFileSync(
    path.join(runDir, 'swift.conf'),
    ini({
      'swift-hash': { swift_hash_path_suffix: 'rentdrive-test', swift_hash_path_prefix: 'rentdrive-test' },
      'storage-policy:0': { name: 'Policy-0', default: 'yes' },
    }),
  );
  buildRings(runDir, ports);
  for (const name of ['account', 'container', 'object']) {
    writeFileSync(path.join(runDir, `${name}-server.conf`), serverConf(runDir, ports[name], name, user));
  }
  writeFileSync(path.join(runDir, 'proxy-server.conf'), proxyConf(runDir, ports, user));

  const children = [];
  const spawnLogged = (name, command, args) => {
    // With -v Swift logs to stderr; no syslog is needed. The servers write their log file
    // themselves, never through a pipe to this process: the test command waits for vitest with
    // spawnSync, so nothing here reads while the tests run, and a full pipe (64 KB of log) froze
    // the server on its next line, in the middle of the storage tests.
    const fd = openSync(path.join(runDir, `${name}.log`), 'a');
    const child = spawn(command, args, { cwd: runDir, stdio: ['ignore', fd, fd] });
    closeSync(fd);
    children.push({ name, child });
    return child;
  };
  const memcachedArgs = ['-l', '127.0.0.1', '-p', String(ports.memcached), '-U', '0', '-m', '16'];
  if (process.getuid?.() === 0) memcachedArgs.push('-u', 'root');
  spawnLogged('memcached', 'memcached', memcachedArgs);
  for (const name of ['account', 'container', 'object', 'proxy']) {
    spawnLogged(name, `swift-${name}-server`, [path.join(runDir, `${name}-server.conf`), '-v']);
  }

  // Should this process end without calling stop() (Ctrl-C, a crash), Swift does not outlive it.
  const killAll = () => children.forEach(({ child }) => child.exitCode === null && child.kill('SIGKILL'));
  process.once('exit', killAll);
  const stop = async ({ keepFiles = false } = {}) => {
    process.off('exit', killAll);
    await Promise.all(
      children.map(
        ({ child }) =>
          new Promise((resolve) => {
            if (child.exitCode !== null || child.signalCode !== null) return resolve();
            const timer = setTimeout(() => child.kill('SIGKILL'), 5000);
            child.once('exit', () => {
              clearTimeout(timer);
              resolve();
            });
            child.kill('SIGTERM');
          }),
      ),
    );
    if (!keepFiles) rmSync(runDir, { recursive: true, force: true });
  };

  const settings = {
    endpoint: `http://127.0.0.1:${ports.proxy}`,
    region: REGION,
    bucket,
    accessKeyId: `${ACCOUNT}:${USER}`,
    secretAccessKey: PASSWORD,
    forcePathStyle: true,
  };
  try {
    await waitForS3(settings, children, started + timeoutMs);
    log(`Swift S3 ready at ${settings.endpoint} in ${((Date.now() - started) / 1000).toFixed(1)} s (${runDir})`);
  } catch (error) {
    // The logs stay for a look at why.
    await stop({ keepFiles: true });
    throw error;
  }
  return { ...settings, dir: runDir, ports, pids: children.map(({ child }) => child.pid), startMs: Date.now() - started, stop };
}

async function s3Client(settings) {
  const { S3Client } = await import('@aws-sdk/client-s3');
  return new S3Client({
    endpoint: settings.endpoint,
    region: settings.region,
    forcePathStyle: true,
    credentials: { accessKeyId: settings.accessKeyId, secretAccessKey: settings.secretAccessKey },
    // Swift 2.30 answers 501 to the SDK's default streamed (aws-chunked) checksummed upload.
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
    maxAttempts: 1,
  });
}

async function waitForS3(settings, children, deadline) {
  const { CreateBucketCommand, HeadBucketCommand } = await import('@aws-sdk/client-s3');
  const client = await s3Client(settings);
  let lastError;
  try {
    while (Date.now() < deadline) {
      const dead = children.find(({ child }) => child.exitCode !== null);
      if (dead) throw new Error(`swift: ${dead.name} exited with ${dead.child.exitCode}; see ${dead.name}.log in the run folder`);
      try {
        await client.send(new HeadBucketCommand({ Bucket: settings.bucket }));
        return;
      } catch (error) {
        lastError = error;
        const status = error?.$metadata?.httpStatusCode;
        if (status === 404) {
          try {
            await client.send(new CreateBucketCommand({ Bucket: settings.bucket }));
            return;
          } catch (createError) {
            lastError = createError;
          }
        }
      }
      await sleep(250);
    }
  } finally {
    client.destroy();
  }
  throw new Error(`swift: no S3 answer within the time limit (${lastError?.name ?? lastError})`);
}

async function main() {
  const [command = 'start', ...rest] = process.argv.slice(2);
  const option = (name) => {
    const i = rest.indexOf(name);
    return i >= 0 ? rest[i + 1] : undefined;
  };
  if (command === 'check') process.exit(swiftInstalled() ? 0 : 1);
  if (command !== 'start') {
    console.error('usage: node scripts/swift.mjs start [--port-base N] [--dir D] | check');
    process.exit(2);
  }
  if (!swiftInstalled()) {
    console.error(`Swift is not installed. Run as root: ${SWIFT_INSTALL_HINT}`);
    process.exit(1);
  }
  const swift = await startSwift({
    portBase: Number(option('--port-base') ?? process.env.SWIFT_PORT_BASE ?? 4190),
    dir: option('--dir'),
    log: console.log,
  });
  console.log(
    [
      `export TEST_S3_ENDPOINT=${swift.endpoint}`,
      `export TEST_S3_REGION=${swift.region}`,
      `export TEST_S3_BUCKET=${swift.bucket}`,
      `export TEST_S3_ACCESS_KEY_ID=${swift.accessKeyId}`,
      `export TEST_S3_SECRET_ACCESS_KEY=${swift.secretAccessKey}`,
    ].join('\n'),
  );
  console.log(`PIDs ${swift.pids.join(' ')}; Ctrl-C (or SIGTERM to ${process.pid}) stops them.`);
  const shutdown = () => void swift.stop().then(() => process.exit(0));
  process.on('SIGINT', shutdown);
  process.on('SIGTERM', shutdown);
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  main().catch((error) => {
    console.error(error instanceof Error ? error.message : error);
    process.exit(1);
  });
}
