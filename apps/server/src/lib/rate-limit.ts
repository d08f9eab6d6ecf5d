import { randomUUID } from 'node:crypto';
import type { Redis } from 'ioredis';
import { ErrorCode } from '@rentdrive/contracts/errors';
import { AppError } from './app-error';
import type { Clock } from './clock';

/**
 * Rate limits as sliding windows: at most `max` takes for one key in any `windowMs`. A refused take
 * is not counted, so a client that keeps knocking is let in again as soon as its oldest counted take
 * leaves the window. The store is the only part that differs between one instance (memory) and
 * several (Redis, shared by all of them).
 */
export interface RateLimitStore {
  /** Counts a take unless the window is full; atomic per key. `retryAfterMs` is 0 when allowed. */
  take(key: string, max: number, windowMs: number, nowMs: number): Promise<{ allowed: boolean; retryAfterMs: number }>;
}

export interface RateLimitRule {
  /** Separates the limits sharing one store ('login-ip', 'chat-send', ...). */
  name: string;
  max: number;
  windowMs: number;
  /** The problem+json detail of the 429. */
  detail: string;
}

export interface RateLimiter {
  readonly rule: RateLimitRule;
  /** Counts a take for `key`, or throws a 429 AppError carrying Retry-After. */
  take(key: string): Promise<void>;
}

/** The 429 every limit answers: problem+json with a readable detail and a Retry-After header. */
export class RateLimitedError extends AppError {
  constructor(
    detail: string,
    /** Whole seconds, at least 1: the Retry-After header. */
    readonly retryAfterSeconds: number,
  ) {
    super(429, ErrorCode.RateLimited, detail);
  }
}

export function createRateLimiter(store: RateLimitStore, clock: Clock, rule: RateLimitRule): RateLimiter {
  return {
    rule,
    async take(key: string): Promise<void> {
      const result = await store.take(`${rule.name}:${key}`, rule.max, rule.windowMs, clock.now().getTime()).catch(storeDown);
      if (!result.allowed) throw new RateLimitedError(rule.detail, Math.max(1, Math.ceil(result.retryAfterMs / 1000)));
    },
  };
}

/** The store (Redis) does not answer: the request cannot be counted, so it is not served either. */
export function storeDown(error: unknown): never {
  if (error instanceof AppError) throw error;
  throw AppError.unavailable('This service is busy right now. Please try again in a moment.');
}

/** One instance: a map of recent take times per key, swept once per longest window seen. */
export function createMemoryRateLimitStore(): RateLimitStore {
  const takes = new Map<string, { times: number[]; windowMs: number }>();
  let lastSweepMs = 0;
  let longestWindowMs = 0;

  function sweep(nowMs: number): void {
    if (nowMs - lastSweepMs < longestWindowMs) return;
    lastSweepMs = nowMs;
    for (const [key, entry] of takes) if (entry.times[entry.times.length - 1]! <= nowMs - entry.windowMs) takes.delete(key);
  }

  return {
    take(key, max, windowMs, nowMs) {
      longestWindowMs = Math.max(longestWindowMs, windowMs);
      sweep(nowMs);
      const times = (takes.get(key)?.times ?? []).filter((t) => t > nowMs - windowMs);
      if (times.length >= max) {
        takes.set(key, { times, windowMs });
        return Promise.resolve({ allowed: false, retryAfterMs: times[times.length - max]! + windowMs - nowMs });
      }
      times.push(nowMs);
      takes.set(key, { times, windowMs });
      return Promise.resolve({ allowed: true, retryAfterMs: 0 });
    },
  };
}

// A sorted set per key, scored by take time; one script, so two instances taking at once cannot both
// see room for one more. Members are unique (time + random) so takes in the same millisecond count.
const SLIDING_WINDOW_SCRIPT = `
local now = tonumber(ARGV[1])
local window = tonumber(ARGV[2])
local max = tonumber(ARGV[3])
redis.call('ZREMRANGEBYSCORE', KEYS[1], '-inf', now - window)
local count = redis.call('ZCARD', KEYS[1])
if count >= max then
  local oldest = redis.call('ZRANGE', KEYS[1], count - max, count - max, 'WITHSCORES')
  return tonumber(oldest[2]) + window - now
end
redis.call('ZADD', KEYS[1], now, ARGV[4])
redis.call('PEXPIRE', KEYS[1], window)
return 0
`;

/**
 * Several instances: the windows live in Redis under `keyPrefix`, so every instance counts against
 * the same limit. Times come from the instances' clocks (kept in step by NTP in any real deployment).
 */
export function createRedisRateLimitStore(redis: Redis, keyPrefix: string): RateLimitStore {
  return {
    async take(key, max, windowMs, nowMs) {
      const member = `${nowMs}:${randomUUID()}`;
      const retryAfterMs = Number(await redis.eval(SLIDING_WINDOW_SCRIPT, 1, `${keyPrefix}:${key}`, nowMs, windowMs, max, member));
      return { allowed: retryAfterMs <= 0, retryAfterMs: Math.max(0, retryAfterMs) };
    },
  };
}
