import { readFileSync } from 'node:fs';
import path from 'node:path';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AccountMessages } from '@rentdrive/contracts/account';
import { createUser, signIn, TEST_PASSWORD } from '../../../test/factories';
import { loginThroughApi, registration, uniqueName } from '../../../test/helpers/account';
import { createTestApp, type TestApp } from '../../../test/test-app';
import { MIGRATIONS_DIR } from '../../db/client';
import { users } from '../../db/schema/index';

/**
 * Usernames: one name however it is cased, written full-width, padded with invisible characters or
 * spelled with look-alike letters; new names hold letters, digits and `._-` only; names from before
 * the rule keep signing in and saving their profile.
 */
describe('usernames', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  const register = (payload: unknown) => t.app.inject({ method: 'POST', url: '/api/account/register', payload: payload as object });

  it('treats case, full-width, zero-width and look-alike spellings of a taken name as taken', async () => {
    const base = `al${uniqueName('x').slice(1, 7)}`.replace(/[01]/g, '7');
    expect((await register(registration({ username: base, email: `${base}@example.com` }))).statusCode).toBe(200);

    const fullWidth = [...base].map((c) => (/[a-z]/.test(c) ? String.fromCodePoint(c.codePointAt(0)! - 0x61 + 0xff41) : c)).join('');
    for (const spelling of [base.toUpperCase(), fullWidth, base.replace('a', '\u0430'), base.replace('l', '1')]) {
      const res = await register(registration({ username: spelling }));
      expect(res.statusCode, spelling).toBe(409);
      expect(res.json()).toMatchObject({ code: 'username_taken', errors: { username: [AccountMessages.usernameTaken] } });
    }
    const zeroWidth = await register(registration({ username: `${base}\u200b` }));
    expect(zeroWidth.statusCode).toBe(400);
    expect(zeroWidth.json().errors.username).toEqual([AccountMessages.usernameCharacters]);
    expect(
      await t.database.db
        .select()
        .from(users)
        .where(sql`username_key = username_key(${base})`),
    ).toHaveLength(1);
  });

  it('stores a full-width name in its plain form and accepts letters of any script', async () => {
    const res = await register(registration({ username: 'ｍａｒｉｅ７７', email: 'marie77@example.com' }));
    expect(res.statusCode).toBe(200);
    const [row] = await t.database.db.select().from(users).where(eq(users.email, 'marie77@example.com'));
    expect(row?.username).toBe('marie77');
    expect((await register(registration({ username: 'Δημήτρης_1' }))).statusCode).toBe(200);
    expect((await register(registration({ username: 'Дмитрий.2' }))).statusCode).toBe(200);
  });

  it.each(['bad name', 'bad!name', 'bad\u202ename', 'bad\u2066name', 'bad\u00adname'])(
    'refuses %j with the character rule',
    async (username) => {
      const res = await register(registration({ username }));
      expect(res.statusCode).toBe(400);
      expect(res.json().errors.username).toEqual([AccountMessages.usernameCharacters]);
    },
  );

  it('lets a name from before the rule sign in and save its profile, and applies the rule to a new name', async () => {
    const legacy = await createUser(t.database, { username: 'old timer', email: `old-timer-${uniqueName()}@example.com` });
    expect((await loginThroughApi(t.app, 'old timer', TEST_PASSWORD)).statusCode).toBe(200);
    const cookie = await signIn(t.database, legacy);
    const save = (username: string) =>
      t.app.inject({
        method: 'PUT',
        url: '/api/account/update-profile-details',
        headers: { cookie },
        payload: { username, email: legacy.email, phoneNumber: '+35799123456' },
      });
    const unchanged = await save('old timer');
    expect(unchanged.statusCode).toBe(200);
    expect(unchanged.json()).toMatchObject({ username: 'old timer', phoneNumber: '+35799123456' });
    const renamed = await save('new timer');
    expect(renamed.statusCode).toBe(400);
    expect(renamed.json().errors.username).toEqual([AccountMessages.usernameCharacters]);
    expect((await save('ｎｅｗ_ｔｉｍｅｒ')).json()).toMatchObject({ username: 'new_timer' });
  });

  it('back-fills keys of existing accounts; look-alikes that already exist all keep working', async () => {
    const db = t.database.db;
    // The state before the migration: no key, no trigger, names the old rules let in.
    await db.execute(sql`drop index users_username_key_uq`);
    await db.execute(sql`alter table users disable trigger users_username_key_trg`);
    const suffix = uniqueName('').slice(0, 6).replace(/[01]/g, '7');
    const names = [`zed${suffix}`, `ｚｅｄ${suffix}`, `zed${suffix}\u200b`];
    const legacy = [];
    for (const [i, username] of names.entries()) {
      const user = await createUser(t.database, {
        username,
        email: `legacy${i}${suffix}@example.com`,
        createdAt: new Date(Date.UTC(2020, 0, 1 + i)),
      });
      legacy.push(user);
    }
    await db.update(users).set({ usernameKey: null });
    // The migration's own back-fill statements, run as written.
    const migration = readFileSync(path.join(MIGRATIONS_DIR, '0016_username_key.sql'), 'utf8').split('--> statement-breakpoint');
    for (const statement of migration.filter((s) => /^\s*(--[^\n]*\n\s*)*(UPDATE|CREATE UNIQUE INDEX)/.test(s)))
      await db.execute(sql.raw(statement));
    await db.execute(sql`alter table users enable trigger users_username_key_trg`);

    const keys = await db
      .select({ id: users.id, key: users.usernameKey })
      .from(users)
      .where(
        sql`${users.id} in (${sql.join(
          legacy.map((u) => sql`${u.id}`),
          sql`, `,
        )})`,
      );
    const keyOf = (id: string) => keys.find((k) => k.id === id)?.key;
    expect(keyOf(legacy[0]!.id)).toBe(`zed${suffix}`);
    expect(keyOf(legacy[1]!.id)).toBe(`zed${suffix}#${legacy[1]!.id}`);
    expect(keyOf(legacy[2]!.id)).toBe(`zed${suffix}#${legacy[2]!.id}`);
    for (const name of names) expect((await loginThroughApi(t.app, name, TEST_PASSWORD)).statusCode, JSON.stringify(name)).toBe(200);
    const taken = await register(registration({ username: `ZED${suffix}` }));
    expect(taken.statusCode).toBe(409);
  });
});
