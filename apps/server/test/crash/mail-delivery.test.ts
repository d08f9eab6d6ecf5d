import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { wrapPgPool, type Database } from '../../src/db/client';
import { mailOutbox } from '../../src/db/schema/index';
import { createUser } from '../factories';
import { withDatabase } from '../global-setup';
import { HAS_AIOSMTPD, startSmtpServer, type SmtpServer } from '../helpers/smtp';

/**
 * Issue 25's delivery guarantees with the real server as a child process on PostgreSQL and a real
 * SMTP server (aiosmtpd): a server killed with SIGKILL after the event committed and before its mail
 * went out delivers it after the restart, exactly once; two servers on one database deliver each
 * message once between them.
 */
const BASE_URL = process.env.TEST_DATABASE_URL;
/** Engineer port range 4400-4449 (this suite: 4420-4439); the first free ones are used. */
const PORTS = { from: 4_420, to: 4_439 };
const PUBLIC_URL = 'http://rentdrive.test';
const RESET_SUBJECT = 'Reset your RentDrive password';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function freePort(taken: number[] = []): Promise<number> {
  for (let port = PORTS.from; port <= PORTS.to; port++) {
    if (taken.includes(port)) continue;
    const free = await new Promise<boolean>((resolve) => {
      const probe = net.createServer();
      probe.once('error', () => resolve(false));
      probe.listen(port, '127.0.0.1', () => probe.close(() => resolve(true)));
    });
    if (free) return port;
  }
  throw new Error(`no free port in ${PORTS.from}-${PORTS.to}`);
}

if (!BASE_URL) console.log('mail delivery (kill -9, two instances) skipped: set TEST_DATABASE_URL to a PostgreSQL server to run it');

describe.skipIf(!BASE_URL || !HAS_AIOSMTPD)('mail delivery across a kill -9 and two instances (PostgreSQL, SMTP)', () => {
  const servers = new Set<ChildProcess>();
  const cleanups: (() => Promise<void> | void)[] = [];
  let smtp: SmtpServer;
  let database: Database;
  let databaseUrl: string;
  let dataDir: string;
  const usedPorts: number[] = [];

  beforeAll(async () => {
    const adminUrl = BASE_URL!;
    const name = `rentdrive_mail_${process.pid}_${Date.now().toString(36)}`;
    const admin = new pg.Client({ connectionString: adminUrl });
    await admin.connect();
    await admin.query(`create database ${name}`);
    await admin.end();
    cleanups.push(async () => {
      const dropper = new pg.Client({ connectionString: adminUrl });
      await dropper.connect();
      await dropper.query(`drop database if exists ${name} with (force)`);
      await dropper.end();
    });
    databaseUrl = withDatabase(adminUrl, name);
    dataDir = mkdtempSync(path.join(os.tmpdir(), 'rentdrive-mail-crash-'));
    cleanups.push(() => rmSync(dataDir, { recursive: true, force: true }));
    const smtpPort = await freePort();
    usedPorts.push(smtpPort);
    smtp = await startSmtpServer(smtpPort);
    cleanups.push(() => smtp.close());
  });
  afterAll(async () => {
    for (const server of servers) server.kill('SIGKILL');
    for (const cleanup of cleanups.reverse()) await cleanup();
  });

  /** The production server (tsx) on a free port, mail through the test's SMTP server. */
  async function startServer(env: Record<string, string> = {}) {
    const port = await freePort(usedPorts);
    usedPorts.push(port);
    const base = `http://127.0.0.1:${port}`;
    let log = '';
    const child = spawn(process.execPath, ['--import', 'tsx', 'apps/server/test/e2e-server.ts'], {
      env: {
        ...process.env,
        NODE_ENV: 'production',
        HOST: '127.0.0.1',
        PORT: String(port),
        DATABASE_URL: databaseUrl,
        DATA_DIR: dataDir,
        WEB_DIST_DIR: path.join(dataDir, 'no-web-build'),
        SEED_DEMO_DATA: 'false',
        LOG_LEVEL: 'warn',
        AUTH_RATE_LIMIT_PER_MINUTE: '100000',
        REDIS_URL: '',
        SMTP_URL: smtp.url,
        MAIL_FROM: 'RentDrive <no-reply@rentdrive.test>',
        PUBLIC_URL,
        MAIL_POLL_INTERVAL_SECONDS: '0.5',
        ...env,
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    servers.add(child);
    child.once('exit', () => servers.delete(child));
    child.stdout?.on('data', (chunk: Buffer) => (log = (log + chunk.toString()).slice(-4000)));
    child.stderr?.on('data', (chunk: Buffer) => (log = (log + chunk.toString()).slice(-4000)));
    for (let attempt = 0; attempt < 240; attempt++) {
      if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode}:\n${log}`);
      const ready = await fetch(`${base}/api/ready`).then(
        (r) => r.ok,
        () => false,
      );
      if (ready) break;
      if (attempt === 239) throw new Error(`server did not become ready:\n${log}`);
      await sleep(250);
    }
    return {
      base,
      forgot: (emailOrUsername: string) =>
        fetch(`${base}/api/account/forgot-password`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ emailOrUsername }),
        }),
      async kill() {
        const exited = new Promise((resolve) => child.once('exit', resolve));
        child.kill('SIGKILL');
        await exited;
      },
      async stop() {
        const exited = new Promise((resolve) => child.once('exit', resolve));
        child.kill('SIGTERM');
        await exited;
      },
    };
  }

  async function fixtures() {
    // The first server migrated the database; the fixtures go straight into it.
    if (!database) {
      database = wrapPgPool(new pg.Pool({ connectionString: databaseUrl, max: 2 }));
      cleanups.push(() => database.close());
    }
    return database;
  }

  const resetsTo = async (address: string) =>
    (await smtp.messages()).filter((m) => m.subject === RESET_SUBJECT && JSON.stringify(m.to).includes(address));

  it('delivers a message committed just before a kill -9 once the server is back, exactly once', { timeout: 120_000 }, async () => {
    // The worker looks for jobs only every 60 s: the mail is committed, then the process dies before it is sent.
    const first = await startServer({ MAIL_POLL_INTERVAL_SECONDS: '60' });
    const db = await fixtures();
    const user = await createUser(db);
    await sleep(500); // the worker's first look (at start) is over
    expect((await first.forgot(user.email)).status).toBe(202);
    await first.kill();
    const [queued] = await db.db.select().from(mailOutbox).where(eq(mailOutbox.toAddress, user.email));
    expect(queued).toMatchObject({ kind: 'password-reset', status: 'queued', attempts: 0 });
    expect(await resetsTo(user.email)).toHaveLength(0);

    const second = await startServer();
    try {
      const deadline = Date.now() + 30_000;
      while ((await resetsTo(user.email)).length === 0 && Date.now() < deadline) await sleep(200);
      // Time for a duplicate to show up, if one were coming.
      await sleep(2_000);
      const delivered = await resetsTo(user.email);
      expect(delivered).toHaveLength(1);
      expect(delivered[0]!.text).toContain(`${PUBLIC_URL}/reset-password?token=`);
      const [row] = await db.db.select().from(mailOutbox).where(eq(mailOutbox.toAddress, user.email));
      expect(row).toMatchObject({ status: 'sent', attempts: 1 });
    } finally {
      await second.stop();
    }
  });

  it('two servers on one database deliver each message once', { timeout: 120_000 }, async () => {
    const a = await startServer();
    const b = await startServer();
    try {
      const db = await fixtures();
      const people = await Promise.all(Array.from({ length: 20 }, () => createUser(db)));
      // Half the events on each server, at once; both workers poll the same queue.
      const answers = await Promise.all(people.map((p, i) => (i % 2 === 0 ? a : b).forgot(p.email)));
      expect(answers.map((r) => r.status)).toEqual(people.map(() => 202));
      const addresses = new Set(people.map((p) => p.email));
      const ours = async () =>
        (await smtp.messages()).filter(
          (m) => m.subject === RESET_SUBJECT && addresses.has(m.to && 'value' in m.to ? m.to.value[0]!.address! : ''),
        );
      const deadline = Date.now() + 60_000;
      while ((await ours()).length < people.length && Date.now() < deadline) await sleep(250);
      await sleep(2_000);
      const delivered = await ours();
      const perAddress = new Map<string, number>();
      for (const m of delivered) {
        const to = m.to && 'value' in m.to ? m.to.value[0]!.address! : '';
        perAddress.set(to, (perAddress.get(to) ?? 0) + 1);
      }
      expect(delivered).toHaveLength(people.length);
      expect([...perAddress.values()].every((n) => n === 1)).toBe(true);
      const rows = await db.db.select().from(mailOutbox);
      const theirs = rows.filter((r) => addresses.has(r.toAddress));
      expect(theirs.every((r) => r.status === 'sent' && r.attempts === 1)).toBe(true);
    } finally {
      await Promise.all([a.stop(), b.stop()]);
    }
  });
});
