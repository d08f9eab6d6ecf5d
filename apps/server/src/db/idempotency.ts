import { createHash } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { ErrorCode } from '@rentdrive/contracts/errors';
import { AppError } from '../lib/app-error';
import type { Db, DbOrTx, Tx } from './client';
import { idempotencyKeys } from './schema/index';
import { transact } from './transactions';

export interface IdempotentRequest {
  userId: string;
  /** The operation, e.g. 'add-funds' or 'rent'; keys are unique per user and scope. */
  scope: string;
  key: string | undefined;
  /** The request's meaningful fields (never card numbers or CVVs); a reused key must match them. */
  fingerprint: unknown;
}

export function fingerprintHash(fingerprint: unknown): string {
  return createHash('sha256').update(JSON.stringify(fingerprint)).digest('hex');
}

/**
 * Runs work in one transaction (retried on deadlock), once per Idempotency-Key. The key is claimed
 * inside the same transaction as the work, so a concurrent retry waits for the first attempt: if it
 * commits, the retry answers the stored result (moving no money); if it fails, nothing is stored and
 * the retry runs the work itself. Without a key the work simply runs in one transaction.
 */
export async function runIdempotent<T>(db: Db, request: IdempotentRequest, work: (tx: Tx) => Promise<T>, retries = 2): Promise<T> {
  const { key } = request;
  if (key === undefined) return transact(db, work, retries);
  const requestHash = fingerprintHash(request.fingerprint);
  return transact(
    db,
    async (tx) => {
      const claimed = await claimKey(tx, { userId: request.userId, scope: request.scope, key, requestHash });
      if (!claimed) {
        const stored = await findKey(tx, request.userId, request.scope, key);
        if (!stored || stored.statusCode === 0) {
          throw AppError.conflict('A request with this Idempotency-Key is still being processed.', ErrorCode.Conflict);
        }
        if (stored.requestHash !== requestHash) {
          throw AppError.unprocessable('This Idempotency-Key was already used for a different request.', ErrorCode.IdempotencyKeyReused);
        }
        return stored.response as T;
      }
      const answer = await work(tx);
      await storeAnswer(tx, request.userId, request.scope, key, 200, answer);
      return answer;
    },
    retries,
  );
}

/**
 * Claims a key. When another transaction holds the same key uncommitted, PostgreSQL makes this insert
 * wait for it; afterwards it either inserts (the other rolled back) or does nothing.
 */
async function claimKey(db: DbOrTx, row: { userId: string; scope: string; key: string; requestHash: string }): Promise<boolean> {
  const inserted = await db
    .insert(idempotencyKeys)
    .values({ ...row, statusCode: 0, response: {} })
    .onConflictDoNothing()
    .returning({ key: idempotencyKeys.key });
  return inserted.length === 1;
}

async function findKey(db: DbOrTx, userId: string, scope: string, key: string) {
  const [row] = await db
    .select({ statusCode: idempotencyKeys.statusCode, response: idempotencyKeys.response, requestHash: idempotencyKeys.requestHash })
    .from(idempotencyKeys)
    .where(and(eq(idempotencyKeys.userId, userId), eq(idempotencyKeys.scope, scope), eq(idempotencyKeys.key, key)));
  return row;
}

async function storeAnswer(db: DbOrTx, userId: string, scope: string, key: string, statusCode: number, response: unknown): Promise<void> {
  await db
    .update(idempotencyKeys)
    .set({ statusCode, response })
    .where(and(eq(idempotencyKeys.userId, userId), eq(idempotencyKeys.scope, scope), eq(idempotencyKeys.key, key)));
}
