import { createHash } from 'node:crypto';
import { ErrorCode } from '@rentdrive/contracts/errors';
import type { Db, Tx } from '../../db/client';
import { AppError } from '../../lib/app-error';
import { isRetryableConflict } from './db-errors';
import type { LedgerRepository } from './ledger.repository';

export const IDEMPOTENCY_KEY_MAX_LENGTH = 255;

export interface IdempotentRequest {
  userId: string;
  /** The operation, e.g. 'add-funds' or 'rent'; keys are unique per user and scope. */
  scope: string;
  key: string | undefined;
  /** The request's meaningful fields (never card numbers or CVVs); a reused key must match them. */
  fingerprint: unknown;
}

/** A header value, validated: 1-255 visible ASCII characters, or undefined when absent. */
export function parseIdempotencyKey(header: unknown): string | undefined {
  if (header === undefined) return undefined;
  const value = Array.isArray(header) ? header[0] : header;
  if (typeof value !== 'string' || !/^[\x21-\x7e]{1,255}$/.test(value)) {
    throw AppError.validation('The Idempotency-Key header must be 1 to 255 visible characters.', {
      'Idempotency-Key': ['The Idempotency-Key header must be 1 to 255 visible characters.'],
    });
  }
  return value;
}

export function fingerprintHash(fingerprint: unknown): string {
  return createHash('sha256').update(JSON.stringify(fingerprint)).digest('hex');
}

/** Runs work in one transaction, again (at most `retries` times) when PostgreSQL reports a deadlock. */
export async function transact<T>(db: Db, work: (tx: Tx) => Promise<T>, retries = 2): Promise<T> {
  for (let attempt = 0; ; attempt++) {
    try {
      return await db.transaction((tx) => work(tx as Tx));
    } catch (error) {
      if (attempt >= retries || !isRetryableConflict(error)) throw error;
    }
  }
}

/**
 * Runs work once per Idempotency-Key. The key is claimed inside the same transaction as the work, so
 * a concurrent retry waits for the first attempt: if it commits, the retry answers the stored result
 * (moving no money); if it fails, nothing is stored and the retry runs the work itself.
 */
export async function runIdempotent<T>(
  db: Db,
  ledger: LedgerRepository,
  request: IdempotentRequest,
  work: (tx: Tx) => Promise<T>,
  retries = 2,
): Promise<T> {
  const { key } = request;
  if (key === undefined) return transact(db, work, retries);
  const requestHash = fingerprintHash(request.fingerprint);
  return transact(
    db,
    async (tx) => {
      const claimed = await ledger.claimIdempotencyKey(tx, { userId: request.userId, scope: request.scope, key, requestHash });
      if (!claimed) {
        const stored = await ledger.findIdempotencyKey(tx, request.userId, request.scope, key);
        if (!stored || stored.statusCode === 0) {
          throw AppError.conflict('A request with this Idempotency-Key is still being processed.', ErrorCode.Conflict);
        }
        if (stored.requestHash !== requestHash) {
          throw AppError.unprocessable('This Idempotency-Key was already used for a different request.', 'idempotency_key_reused');
        }
        return stored.response as T;
      }
      const answer = await work(tx);
      await ledger.storeIdempotentAnswer(tx, request.userId, request.scope, key, 200, answer);
      return answer;
    },
    retries,
  );
}
