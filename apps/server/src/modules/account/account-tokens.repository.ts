import { and, desc, eq, gt, isNull, ne, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { accountTokens, users, verifiedEmails } from '../../db/schema/index';

export type TokenPurpose = 'reset-password' | 'verify-email';

/** Queries of password recovery and address verification (issue 25). */
export function createAccountTokensRepository(db: DbOrTx) {
  return {
    /** Up to two users whose username or e-mail is the identifier (as at sign-in). */
    async findByLogin(identifier: string) {
      return db
        .select({ id: users.id, username: users.username, email: users.email, language: users.language })
        .from(users)
        .where(sql`lower(${users.username}) = lower(${identifier}) or lower(${users.email}) = lower(${identifier})`)
        .limit(2);
    },
    async findUser(userId: string) {
      const [user] = await db
        .select({ id: users.id, username: users.username, email: users.email, language: users.language })
        .from(users)
        .where(eq(users.id, userId))
        .limit(1);
      return user;
    },
    async insertToken(values: {
      userId: string;
      purpose: TokenPurpose;
      tokenHash: string;
      email: string | null;
      createdAt: Date;
      expiresAt: Date;
    }) {
      await db.insert(accountTokens).values(values);
    },
    async findToken(tokenHash: string, purpose: TokenPurpose) {
      const [row] = await db
        .select()
        .from(accountTokens)
        .where(and(eq(accountTokens.tokenHash, tokenHash), eq(accountTokens.purpose, purpose)))
        .limit(1);
      return row;
    },
    /** Marks a token used; false when another request used it first. */
    async useToken(id: string, at: Date): Promise<boolean> {
      const rows = await db
        .update(accountTokens)
        .set({ usedAt: at })
        .where(and(eq(accountTokens.id, id), isNull(accountTokens.usedAt)))
        .returning({ id: accountTokens.id });
      return rows.length === 1;
    },
    /** Ends a user's other unused tokens of one purpose (a reset ends the older reset links). */
    async useAllOf(userId: string, purpose: TokenPurpose, at: Date): Promise<void> {
      await db
        .update(accountTokens)
        .set({ usedAt: at })
        .where(and(eq(accountTokens.userId, userId), eq(accountTokens.purpose, purpose), isNull(accountTokens.usedAt)));
    },
    async setPasswordHash(userId: string, passwordHash: string): Promise<void> {
      await db.update(users).set({ passwordHash }).where(eq(users.id, userId));
    },
    async markVerified(userId: string, email: string, at: Date): Promise<void> {
      await db.insert(verifiedEmails).values({ userId, email, verifiedAt: at }).onConflictDoNothing();
    },
    /**
     * An address the user asked to change to and has not confirmed yet: the newest unused, unexpired
     * verification link to an address other than the current one.
     */
    async pendingEmail(userId: string, currentEmail: string, now: Date): Promise<string | undefined> {
      const [row] = await db
        .select({ email: accountTokens.email })
        .from(accountTokens)
        .where(
          and(
            eq(accountTokens.userId, userId),
            eq(accountTokens.purpose, 'verify-email'),
            isNull(accountTokens.usedAt),
            gt(accountTokens.expiresAt, now),
            sql`lower(${accountTokens.email}) <> lower(${currentEmail})`,
          ),
        )
        .orderBy(desc(accountTokens.createdAt))
        .limit(1);
      return row?.email ?? undefined;
    },
    /** Ends the unused links to addresses other than `email` (an older change the user asked for). */
    async usePendingLinksExcept(userId: string, email: string, at: Date): Promise<void> {
      await db
        .update(accountTokens)
        .set({ usedAt: at })
        .where(
          and(
            eq(accountTokens.userId, userId),
            eq(accountTokens.purpose, 'verify-email'),
            isNull(accountTokens.usedAt),
            sql`lower(${accountTokens.email}) <> lower(${email})`,
          ),
        );
    },
    /** Whether another account holds the address (case-insensitively, as the unique index). */
    async emailHeldByOther(email: string, userId: string): Promise<boolean> {
      const rows = await db
        .select({ id: users.id })
        .from(users)
        .where(and(sql`lower(${users.email}) = lower(${email})`, ne(users.id, userId)))
        .limit(1);
      return rows.length === 1;
    },
    async setEmail(userId: string, email: string): Promise<void> {
      await db.update(users).set({ email }).where(eq(users.id, userId));
    },
    async isVerified(userId: string, email: string): Promise<boolean> {
      const rows = await db
        .select({ userId: verifiedEmails.userId })
        .from(verifiedEmails)
        .where(and(eq(verifiedEmails.userId, userId), sql`lower(${verifiedEmails.email}) = lower(${email})`))
        .limit(1);
      return rows.length === 1;
    },
  };
}
