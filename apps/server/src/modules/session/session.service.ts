import { createHash, randomBytes } from 'node:crypto';
import { ErrorCode } from '@rentdrive/contracts/errors';
import type { Db, Tx } from '../../db/client';
import { transact } from '../../db/transactions';
import { AppError } from '../../lib/app-error';
import type { Clock } from '../../lib/clock';
import type { SessionResolver, SessionUser } from '../../lib/session-user';
import { createSessionRepository } from './session.repository';

/** The sign-in answer of a suspended account (issue 28): it says so and until when. */
export const SuspendedMessages = {
  until: /*i18n*/ { id: 'session.suspendedUntil', message: 'This account is suspended until {until}.' },
  untilLifted: /*i18n*/ { id: 'session.suspendedUntilLifted', message: 'This account is suspended until the suspension is lifted.' },
} as const;

function suspendedError(until: Date | null): AppError {
  if (!until)
    return new AppError(403, ErrorCode.AccountSuspended, SuspendedMessages.untilLifted.message).withMessage(
      SuspendedMessages.untilLifted.id,
      {},
    );
  const when = `${until.toISOString().slice(0, 16).replace('T', ' ')} UTC`;
  return new AppError(403, ErrorCode.AccountSuspended, SuspendedMessages.until.message.replace('{until}', when)).withMessage(
    SuspendedMessages.until.id,
    { until: when },
  );
}

export function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('base64url');
}

export interface SessionServiceDeps {
  db: Db;
  clock: Clock;
  ttlDays: number;
  /**
   * Told the ids of sessions as they end (sign-out, a password change ending the others), so open
   * hub connections of those sessions close at once rather than at the next periodic check.
   */
  onSessionsEnded?: (sessionIds: string[]) => Promise<void>;
}

/**
 * Opaque random tokens in a cookie, stored hashed. Sliding expiry: a session used after half its
 * lifetime is extended, so active users stay signed in and idle ones expire.
 */
export function createSessionService({ db, clock, ttlDays, onSessionsEnded }: SessionServiceDeps) {
  const repo = createSessionRepository(db);
  const ttlMs = ttlDays * 86_400_000;
  const ended = async (sessionIds: string[]) => {
    if (sessionIds.length > 0) await onSessionsEnded?.(sessionIds);
  };

  const service = {
    ttlMs,
    /**
     * Refuses a suspended user (403 account_suspended, saying until when): every sign-in starts here.
     * `alongside`: more writes in the session's own transaction (the sign-in's audit event, issue 28):
     * the session and they commit together, or neither does.
     */
    async create(userId: string, alongside?: (tx: Tx) => Promise<unknown>): Promise<{ token: string; expiresAt: Date }> {
      const suspendedUntil = await repo.suspendedUntil(userId, clock.now());
      if (suspendedUntil !== undefined) throw suspendedError(suspendedUntil);
      const token = randomBytes(32).toString('base64url');
      const expiresAt = new Date(clock.now().getTime() + ttlMs);
      if (alongside) {
        await transact(db, async (tx) => {
          await createSessionRepository(tx).insert(userId, hashToken(token), expiresAt);
          await alongside(tx);
        });
      } else {
        await repo.insert(userId, hashToken(token), expiresAt);
      }
      return { token, expiresAt };
    },
    /** The user behind a cookie token, or null when missing, unknown or expired. */
    async resolve(token: string | undefined): Promise<SessionUser | null> {
      if (!token || token.length > 200) return null;
      const now = clock.now();
      const row = await repo.findValid(hashToken(token), now);
      if (!row) return null;
      const user: SessionUser = { id: row.id, username: row.username, isCompanyEmployee: row.isCompanyEmployee, sessionId: row.sessionId };
      if (row.expiresAt.getTime() - now.getTime() < ttlMs / 2) {
        user.renewedUntil = new Date(now.getTime() + ttlMs);
        await repo.extend(row.sessionId, user.renewedUntil);
      }
      return user;
    },
    async destroy(token: string | undefined): Promise<void> {
      if (token) await ended(await repo.deleteByTokenHash(hashToken(token)));
    },
    /** Which of these sessions are still valid (the realtime server drops connections of the others). */
    liveSessionIds(sessionIds: string[]): Promise<Set<string>> {
      return repo.liveIds(sessionIds, clock.now());
    },
    /** Ends every other session of the user (after a password change). */
    async destroyOthers(userId: string, keepToken: string | undefined): Promise<void> {
      await ended(await repo.deleteOthersOfUser(userId, keepToken ? hashToken(keepToken) : undefined));
    },
  };
  return service satisfies SessionResolver;
}
export type SessionService = ReturnType<typeof createSessionService>;
