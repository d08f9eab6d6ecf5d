import { randomUUID } from 'node:crypto';
import { Redis } from 'ioredis';
import { afterAll, describe, expect, it } from 'vitest';
import { ManualClock } from './clock';
import {
  createMemoryRateLimitStore,
  createRateLimiter,
  createRedisRateLimitStore,
  RateLimitedError,
  type RateLimitStore,
} from './rate-limit';

const redisUrl = process.env.TEST_REDIS_URL;
const redis = redisUrl ? new Redis(redisUrl, { lazyConnect: true, maxRetriesPerRequest: 1 }) : undefined;
afterAll(async () => {
  await redis?.quit();
});
if (!redisUrl)
  console.log('rate-limit.test: the Redis store is skipped (set TEST_REDIS_URL to a Redis server, e.g. redis://127.0.0.1:6379).');

const stores: [string, () => RateLimitStore][] = [['memory', createMemoryRateLimitStore]];
if (redis) stores.push(['redis', () => createRedisRateLimitStore(redis, `rd:test:${randomUUID().slice(0, 8)}`)]);

describe.each(stores)('sliding-window limiter (%s store)', (_name, makeStore) => {
  const rule = { name: 'test', max: 3, windowMs: 10_000, detail: 'Slow down, please.' };

  it('allows max takes in any window, refuses the next with a 429 naming when to come back', async () => {
    const clock = new ManualClock('2026-01-01T00:00:00Z');
    const limiter = createRateLimiter(makeStore(), clock, rule);
    await limiter.take('a');
    clock.advanceMs(2_000);
    await limiter.take('a');
    await limiter.take('a');
    const refused = await limiter.take('a').catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(RateLimitedError);
    expect(refused).toMatchObject({ status: 429, code: 'rate_limited', detail: 'Slow down, please.', retryAfterSeconds: 8 });
    // Another key has its own window.
    await expect(limiter.take('b')).resolves.toBeUndefined();
  });

  it('lets a take in again when the oldest counted one leaves the window; refused takes are not counted', async () => {
    const clock = new ManualClock('2026-01-01T00:00:00Z');
    const limiter = createRateLimiter(makeStore(), clock, rule);
    for (let i = 0; i < 3; i++) await limiter.take('k');
    for (let i = 0; i < 5; i++) await expect(limiter.take('k')).rejects.toBeInstanceOf(RateLimitedError);
    clock.advanceMs(10_001);
    for (let i = 0; i < 3; i++) await limiter.take('k');
    await expect(limiter.take('k')).rejects.toBeInstanceOf(RateLimitedError);
  });

  it('never lets more than max through when many take at once', async () => {
    const clock = new ManualClock('2026-01-01T00:00:00Z');
    const limiter = createRateLimiter(makeStore(), clock, rule);
    const results = await Promise.allSettled(Array.from({ length: 20 }, () => limiter.take('burst')));
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(3);
  });
});
