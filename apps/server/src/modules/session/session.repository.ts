import { and, eq, gt, inArray, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { sessions, users } from '../../db/schema/index';

/** The user is not suspended at `now` (no suspension, or one that ended). */
const notSuspended = (now: Date) =>
  sql`(${users.suspendedAt} is null or (${users.suspendedUntil} is not null and ${users.suspendedUntil} <= ${now.toISOString()}::timestamptz))`;

export function createSessionRepository(db: DbOrTx) {
  return {
    /** The end of the user's suspension at `now` (null: until lifted), or undefined when not suspended. */
    async suspendedUntil(userId: string, now: Date): Promise<Date | null | undefined> {
      const [row] = await db
        .select({ until: users.suspendedUntil })
        .from(users)
        .where(and(eq(users.id, userId), sql`not ${notSuspended(now)}`));
      return row ? row.until : undefined;
    },
    /** Which of these session ids still exist and have not expired. */
    async liveIds(sessionIds: string[], now: Date): Promise<Set<string>> {
      if (sessionIds.length === 0) return new Set();
      const rows = await db
        .select({ id: sessions.id })
        .from(sessions)
        .where(and(inArray(sessions.id, sessionIds), gt(sessions.expiresAt, now)));
      return new Set(rows.map((r) => r.id));
    },
    async insert(userId: string, tokenHash: string, expiresAt: Date): Promise<void> {
      await db.insert(sessions).values({ userId, tokenHash, expiresAt });
    },
    async findValid(tokenHash: string, now: Date) {
      const rows = await db
        .select({
          sessionId: sessions.id,
          expiresAt: sessions.expiresAt,
          id: users.id,
          username: users.username,
          isCompanyEmployee: users.isCompanyEmployee,
        })
        .from(sessions)
        .innerJoin(users, eq(users.id, sessions.userId))
        // A suspended user's sessions are deleted when suspended; this keeps any that raced it out too (issue 28).
        .where(and(eq(sessions.tokenHash, tokenHash), gt(sessions.expiresAt, now), notSuspended(now)))
        .limit(1);
      return rows[0];
    },
    async extend(sessionId: string, expiresAt: Date): Promise<void> {
      await db.update(sessions).set({ expiresAt }).where(eq(sessions.id, sessionId));
    },
    /** Answers the ids of the sessions it deleted. */
    async deleteByTokenHash(tokenHash: string): Promise<string[]> {
      const rows = await db.delete(sessions).where(eq(sessions.tokenHash, tokenHash)).returning({ id: sessions.id });
      return rows.map((r) => r.id);
    },
    /** Answers the ids of the sessions it deleted. */
    async deleteOthersOfUser(userId: string, keepTokenHash: string | undefined): Promise<string[]> {
      const rows = await db.select({ id: sessions.id, tokenHash: sessions.tokenHash }).from(sessions).where(eq(sessions.userId, userId));
      const deleted: string[] = [];
      for (const row of rows) {
        if (row.tokenHash === keepTokenHash) continue;
        await db.delete(sessions).where(eq(sessions.id, row.id));
        deleted.push(row.id);
      }
      return deleted;
    },
  };
}
