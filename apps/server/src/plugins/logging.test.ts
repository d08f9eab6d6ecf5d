import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase } from '../../test/test-database';
import { buildApp } from '../app';
import { loadConfig } from '../config/env';
import type { Database } from '../db/client';
import { ManualClock } from '../lib/clock';
import { safeError } from './logging';

/**
 * The log never holds what users typed: a failed statement's bound parameters (contact details,
 * chat text) and the value PostgreSQL quotes in its message are cut out, and bodies are not logged.
 */
describe('what the log keeps of a request and its errors', () => {
  const lines: string[] = [];
  let database: Database;
  let app: Awaited<ReturnType<typeof buildApp>>;
  let uploadDir: string;
  const SECRET_EMAIL = 'hidden.person@private.example';
  const SECRET_TEXT = 'meet me at 12 Secret Street';

  beforeAll(async () => {
    uploadDir = mkdtempSync(path.join(os.tmpdir(), 'rentdrive-log-'));
    const config = loadConfig({
      NODE_ENV: 'test',
      LOG_LEVEL: 'info',
      DATA_DIR: uploadDir,
      UPLOAD_DIR: uploadDir,
      WEB_DIST_DIR: path.join(uploadDir, 'no-web-build'),
      SEED_DEMO_DATA: 'false',
    });
    database = await createTestDatabase();
    app = await buildApp({
      config,
      database,
      clock: new ManualClock(),
      overrides: { logDestination: { write: (line) => void lines.push(line) } },
    });
    // A statement the database refuses, with user data among its parameters: what a driver error carries.
    app.get('/test/failing-statement', async () => {
      await database.db.execute(sql`select ${SECRET_EMAIL}::int, ${SECRET_TEXT}::text`);
      return { ok: true };
    });
    await app.ready();
  });
  afterAll(async () => {
    await app.close();
    await database.close();
    rmSync(uploadDir, { recursive: true, force: true });
  });

  it('logs a failed statement as its SQL and error code, without the bound values', async () => {
    lines.length = 0;
    const res = await app.inject({ url: '/test/failing-statement' });
    expect(res.statusCode).toBe(500);
    const log = lines.join('');
    expect(log).toContain('unhandled error');
    expect(log).toContain('22P02'); // PostgreSQL's code for the refused value is kept for diagnosis
    expect(log).toContain('select $1::int, $2::text');
    expect(log).not.toContain(SECRET_EMAIL);
    expect(log).not.toContain('Secret Street');
  });

  it('never logs a request body', async () => {
    lines.length = 0;
    const res = await app.inject({
      method: 'POST',
      url: '/api/contact',
      payload: { name: 'Maria', surname: 'Papadopoulou', email: SECRET_EMAIL, message: SECRET_TEXT },
    });
    expect(res.statusCode).toBe(201);
    expect(lines.length).toBeGreaterThan(0);
    const log = lines.join('');
    expect(log).not.toContain(SECRET_EMAIL);
    expect(log).not.toContain('Secret Street');
  });

  it('keeps the kind, message, stack frames and code of errors, through their causes', () => {
    const cause = Object.assign(new Error('invalid input syntax for type integer: "alice@example.com"'), {
      code: '22P02',
      detail: 'Key (email)=(alice@example.com) already exists.',
      where: "unnamed portal parameter $1 = '...'",
    });
    const wrapped = Object.assign(new Error('Failed query: select $1::int\nparams: alice@example.com,more text'), {
      query: 'select $1::int',
      params: ['alice@example.com'],
      cause,
    });
    const logged = safeError(wrapped);
    expect(JSON.stringify(logged)).not.toContain('alice@example.com');
    expect(logged).toMatchObject({
      type: 'Error',
      message: 'Failed query: select $1::int\nparams: [not logged]',
      query: 'select $1::int',
      cause: { type: 'Error', message: 'invalid input syntax for type integer: [value not logged]', code: '22P02' },
    });
    expect(logged.stack).toMatch(/^Error: Failed query: select \$1::int\nparams: \[not logged\]\n\s+at /);
  });
});
