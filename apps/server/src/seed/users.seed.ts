import { sql } from 'drizzle-orm';
import { ledgerAccounts, users } from '../db/schema/index';
import { hashPassword } from '../modules/account/password';
import { DEMO_PASSWORD, type SeedContext } from './seed-context';

export interface DemoUser {
  username: string;
  email: string;
  phoneNumber: string | null;
  isCompanyEmployee: boolean;
  isCompanyAccount: boolean;
}

/** The demo accounts the README lists; every one has the password DEMO_PASSWORD and a wallet. */
export const DEMO_USERS: readonly DemoUser[] = [
  {
    username: 'rentdrive',
    email: 'company@rentdrive.example',
    phoneNumber: '+35722000000',
    isCompanyEmployee: true,
    isCompanyAccount: true,
  },
  { username: 'emma.employee', email: 'emma@rentdrive.example', phoneNumber: null, isCompanyEmployee: true, isCompanyAccount: false },
  { username: 'alice', email: 'alice@example.com', phoneNumber: '+4915112345678', isCompanyEmployee: false, isCompanyAccount: false },
  { username: 'bob', email: 'bob@example.com', phoneNumber: null, isCompanyEmployee: false, isCompanyAccount: false },
  { username: 'carol', email: 'carol@example.com', phoneNumber: '+306912345678', isCompanyEmployee: false, isCompanyAccount: false },
  { username: 'dave', email: 'dave@example.com', phoneNumber: null, isCompanyEmployee: false, isCompanyAccount: false },
];

/**
 * The demo accounts joined this many days ago, a week apart (the company first): before the demo
 * money's first deposits and rentals (about two months back, money.seed.ts), so 'Member since' on
 * the profile comes before the rentals listed under it.
 */
const JOINED_DAYS_AGO = 180;
const DAY_MS = 86_400_000;

/**
 * Creates the demo accounts that are missing (matched by username, ignoring case), each with its
 * wallet in the same transaction, and gives any existing demo account a wallet it lacks. Idempotent.
 */
export async function seedUsers({ database, log }: SeedContext): Promise<void> {
  const { db } = database;
  const existing = await db
    .select({ id: users.id, username: users.username })
    .from(users)
    .where(
      sql`lower(${users.username}) in (${sql.join(
        DEMO_USERS.map((u) => sql`${u.username}`),
        sql`, `,
      )})`,
    );
  const existingByName = new Map(existing.map((u) => [u.username.toLowerCase(), u.id]));

  let passwordHash: string | undefined;
  let created = 0;
  const now = Date.now();
  for (const [index, demo] of DEMO_USERS.entries()) {
    const createdAt = new Date(now - (JOINED_DAYS_AGO - index * 7) * DAY_MS);
    const id = existingByName.get(demo.username);
    if (id) {
      await db.insert(ledgerAccounts).values({ kind: 'wallet', userId: id }).onConflictDoNothing();
      continue;
    }
    passwordHash ??= await hashPassword(DEMO_PASSWORD);
    const hash = passwordHash;
    await db.transaction(async (tx) => {
      const [user] = await tx
        .insert(users)
        .values({ ...demo, passwordHash: hash, createdAt })
        .returning({ id: users.id });
      await tx.insert(ledgerAccounts).values({ kind: 'wallet', userId: user!.id });
    });
    created++;
  }
  log(created ? `seed: created ${created} demo account(s)` : 'seed: demo accounts present');
}
