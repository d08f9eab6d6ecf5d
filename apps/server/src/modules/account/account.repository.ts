import { and, avg, count, eq, isNotNull, isNull, ne, or, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { ledgerAccounts, rentals, reviews, users, vehicles } from '../../db/schema/index';

export interface NewUser {
  username: string;
  email: string;
  passwordHash: string;
  phoneNumber?: string | null;
  isCompanyEmployee?: boolean;
  isCompanyAccount?: boolean;
  /** The language the person reads; null reads as English. */
  language?: string | null;
  createdAt?: Date;
}

const lower = (value: string) => value.toLowerCase();

/** Queries of the account module; no decisions. */
export function createAccountRepository(db: DbOrTx) {
  return {
    /** Users whose username or email equals the identifier, ignoring case as the unique indexes do (at most two). */
    async findByLogin(identifier: string) {
      return db
        .select({
          id: users.id,
          username: users.username,
          email: users.email,
          passwordHash: users.passwordHash,
        })
        .from(users)
        .where(or(sql`lower(${users.username}) = lower(${identifier})`, sql`lower(${users.email}) = lower(${identifier})`))
        .limit(2);
    },

    async findById(userId: string) {
      const [row] = await db.select().from(users).where(eq(users.id, userId)).limit(1);
      return row;
    },

    /**
     * Which of username and email another user already holds: the email case-insensitively, the
     * username by its folded key (look-alikes are one name; username_key() is the database's fold,
     * the one its trigger stores) or case-insensitively.
     */
    async findTaken(username: string, email: string, exceptUserId?: string) {
      const sameName = sql<boolean>`(${users.usernameKey} = username_key(${username}) or lower(${users.username}) = lower(${username}))`;
      const rows = await db
        .select({ sameName, email: users.email })
        .from(users)
        .where(and(or(sameName, sql`lower(${users.email}) = lower(${email})`), exceptUserId ? ne(users.id, exceptUserId) : undefined));
      return {
        usernameTaken: rows.some((r) => r.sameName),
        emailTaken: rows.some((r) => lower(r.email) === lower(email)),
      };
    },

    /** The user and their wallet (balance 0) in one transaction: no account ever lacks a wallet. */
    async insertUserWithWallet(user: NewUser) {
      return db.transaction(async (tx) => {
        const [row] = await tx.insert(users).values(user).returning();
        await tx.insert(ledgerAccounts).values({ kind: 'wallet', userId: row!.id });
        return row!;
      });
    },

    async updateProfile(userId: string, values: { username: string; email: string; phoneNumber: string | null }) {
      const [row] = await db.update(users).set(values).where(eq(users.id, userId)).returning();
      return row;
    },

    async updateLanguage(userId: string, language: string) {
      const [row] = await db.update(users).set({ language }).where(eq(users.id, userId)).returning({ language: users.language });
      return row;
    },

    async updatePasswordHash(userId: string, passwordHash: string): Promise<void> {
      await db.update(users).set({ passwordHash }).where(eq(users.id, userId));
    },

    async countCompletedRentalsAsRenter(userId: string): Promise<number> {
      const [row] = await db
        .select({ n: count() })
        .from(rentals)
        .where(and(eq(rentals.renterId, userId), eq(rentals.status, 'Completed')));
      return Number(row?.n ?? 0);
    },

    /** Mean stars over every review of a vehicle the user owns (deleted vehicles included: history stays). */
    async meanStarsOfOwnedVehicles(userId: string): Promise<number | null> {
      const [row] = await db
        .select({ mean: avg(reviews.starRating) })
        .from(reviews)
        .innerJoin(vehicles, eq(vehicles.id, reviews.vehicleId))
        // Issue 27: a review waiting for publication (double-blind) does not count yet.
        .where(and(eq(vehicles.ownerId, userId), isNotNull(reviews.publishedAt)));
      return row?.mean == null ? null : Number(row.mean);
    },

    async countLiveVehicles(userId: string): Promise<number> {
      const [row] = await db
        .select({ n: count() })
        .from(vehicles)
        .where(and(eq(vehicles.ownerId, userId), isNull(vehicles.deletedAt)));
      return Number(row?.n ?? 0);
    },
  };
}
export type AccountRepository = ReturnType<typeof createAccountRepository>;

/** The unique index a database error violated (PostgreSQL 23505), whichever driver raised it. */
export function violatedUniqueIndex(error: unknown): string | undefined {
  for (let e: unknown = error, depth = 0; e && typeof e === 'object' && depth < 5; e = (e as { cause?: unknown }).cause, depth++) {
    const { code, constraint } = e as { code?: unknown; constraint?: unknown };
    if (code === '23505') return typeof constraint === 'string' ? constraint : '';
  }
  return undefined;
}
