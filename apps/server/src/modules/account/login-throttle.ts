import { eq, lt } from 'drizzle-orm';
import type { Redis } from 'ioredis';
import type { Db } from '../../db/client';
import { loginThrottle } from '../../db/schema/index';
import type { Clock } from '../../lib/clock';
import { RateLimitedError, storeDown } from '../../lib/rate-limit';

/**
 * Sign-in attempts per account, from any address: after `lockAfterFailures` failures in a row the
 * account refuses sign-in for `lockMs`, doubling with each further failure up to `maxLockMs`. A lock
 * always ends by itself (nothing an attacker does makes it permanent) and a correct password once it
 * has ended signs in and forgets the failures. Failures are forgotten as well `maxLockMs` after the
 * last attempt or lock.
 */
export interface LoginThrottlePolicy {
  lockAfterFailures: number;
  lockMs: number;
  maxLockMs: number;
}

export interface ThrottleState {
  failures: number;
  lockedUntilMs: number;
  expiresAtMs: number;
}

/**
 * The decision, shared by the stores that compute in JavaScript: an attempt is counted as a failure
 * before the password is checked (and forgotten on success), so many attempts sent at once cannot
 * all pass before the first failure is written.
 */
export function decideAttempt(
  state: ThrottleState | undefined,
  nowMs: number,
  policy: LoginThrottlePolicy,
): { retryAfterMs: number; next?: ThrottleState } {
  const current = state && state.expiresAtMs > nowMs ? state : undefined;
  if (current && current.lockedUntilMs > nowMs) return { retryAfterMs: current.lockedUntilMs - nowMs };
  const failures = (current?.failures ?? 0) + 1;
  const over = failures - policy.lockAfterFailures;
  const lockedUntilMs = over >= 0 ? nowMs + Math.min(policy.maxLockMs, policy.lockMs * 2 ** Math.min(over, 30)) : 0;
  return { retryAfterMs: 0, next: { failures, lockedUntilMs, expiresAtMs: Math.max(nowMs, lockedUntilMs) + policy.maxLockMs } };
}

export interface LoginThrottleStore {
  /** Counts an attempt for `key` unless it is locked; atomic per key. Returns how long the lock lasts (0: go ahead). */
  attempt(key: string, nowMs: number, policy: LoginThrottlePolicy): Promise<number>;
  /** A successful sign-in: the failures are forgotten. */
  clear(key: string): Promise<void>;
}

export interface LoginThrottle {
  /** Throws the 429 while the account is locked; otherwise counts the attempt. */
  attempt(key: string): Promise<void>;
  /**
   * The same for one known device of an account (known-device.ts), instead of the account's own
   * count: it allows twice the failures before it locks, and its lock holds only that device.
   */
  attemptKnownDevice(key: string): Promise<void>;
  succeeded(key: string): Promise<void>;
}

let lockedAttempts = 0;

/** Sign-in attempts refused by an account lock in this process since it started (the metrics' counter). */
export function lockedSignInAttempts(): number {
  return lockedAttempts;
}

export function createLoginThrottle(store: LoginThrottleStore, clock: Clock, policy: LoginThrottlePolicy): LoginThrottle {
  // The owner's own browser mistypes now and then; a stolen cookie still meets a lock soon.
  const devicePolicy = { ...policy, lockAfterFailures: policy.lockAfterFailures * 2 };
  async function attempt(key: string, keyPolicy: LoginThrottlePolicy): Promise<void> {
    const retryAfterMs = await store.attempt(key, clock.now().getTime(), keyPolicy).catch(storeDown);
    if (retryAfterMs > 0) {
      lockedAttempts++;
      const seconds = Math.max(1, Math.ceil(retryAfterMs / 1000));
      throw new RateLimitedError(
        `Too many failed sign-in attempts for this account. Please wait ${describeWait(seconds)} and try again.`,
        seconds,
      );
    }
  }
  return {
    attempt: (key) => attempt(key, policy),
    attemptKnownDevice: (key) => attempt(key, devicePolicy),
    succeeded: (key) => store.clear(key).catch(storeDown),
  };
}

function describeWait(seconds: number): string {
  if (seconds < 60) return seconds === 1 ? '1 second' : `${seconds} seconds`;
  const minutes = Math.ceil(seconds / 60);
  return minutes === 1 ? '1 minute' : `${minutes} minutes`;
}

// The same decision as decideAttempt, in one script so instances attempting at once never both pass.
const ATTEMPT_SCRIPT = `
local now = tonumber(ARGV[1])
local threshold = tonumber(ARGV[2])
local lock = tonumber(ARGV[3])
local maxLock = tonumber(ARGV[4])
local failures = tonumber(redis.call('HGET', KEYS[1], 'f') or '0')
local lockedUntil = tonumber(redis.call('HGET', KEYS[1], 'l') or '0')
if lockedUntil > now then return lockedUntil - now end
failures = failures + 1
local over = failures - threshold
if over >= 0 then
  lockedUntil = now + math.min(maxLock, lock * 2 ^ math.min(over, 30))
else
  lockedUntil = 0
end
redis.call('HSET', KEYS[1], 'f', failures, 'l', lockedUntil)
redis.call('PEXPIRE', KEYS[1], math.max(lockedUntil - now, 0) + maxLock)
return 0
`;

/** Several instances on Redis: a hash per key that expires when its failures are to be forgotten. */
export function createRedisLoginThrottleStore(redis: Redis, keyPrefix: string): LoginThrottleStore {
  return {
    async attempt(key, nowMs, policy) {
      const result = await redis.eval(
        ATTEMPT_SCRIPT,
        1,
        `${keyPrefix}:login-account:${key}`,
        nowMs,
        policy.lockAfterFailures,
        policy.lockMs,
        policy.maxLockMs,
      );
      return Number(result);
    },
    async clear(key) {
      await redis.del(`${keyPrefix}:login-account:${key}`);
    },
  };
}

/**
 * Without Redis: a row per key in PostgreSQL (or the embedded PGlite), locked while an attempt is
 * decided. Now and then an attempt also deletes every row whose failures are forgotten, so names an
 * attacker made up do not pile up.
 */
export function createPgLoginThrottleStore(db: Db, options: { sweepEvery?: number } = {}): LoginThrottleStore {
  const sweepEvery = options.sweepEvery ?? 100;
  let attempts = 0;
  return {
    async attempt(key, nowMs, policy) {
      if (++attempts % sweepEvery === 0) await db.delete(loginThrottle).where(lt(loginThrottle.expiresAt, new Date(nowMs)));
      return db.transaction(async (tx) => {
        await tx
          .insert(loginThrottle)
          .values({ key, failures: 0, expiresAt: new Date(nowMs) })
          .onConflictDoNothing();
        const [row] = await tx.select().from(loginThrottle).where(eq(loginThrottle.key, key)).for('update');
        const state = row && {
          failures: row.failures,
          lockedUntilMs: row.lockedUntil?.getTime() ?? 0,
          expiresAtMs: row.expiresAt.getTime(),
        };
        const { retryAfterMs, next } = decideAttempt(state, nowMs, policy);
        if (next) {
          await tx
            .update(loginThrottle)
            .set({
              failures: next.failures,
              lockedUntil: next.lockedUntilMs ? new Date(next.lockedUntilMs) : null,
              expiresAt: new Date(next.expiresAtMs),
            })
            .where(eq(loginThrottle.key, key));
        }
        return retryAfterMs;
      });
    },
    async clear(key) {
      await db.delete(loginThrottle).where(eq(loginThrottle.key, key));
    },
  };
}
