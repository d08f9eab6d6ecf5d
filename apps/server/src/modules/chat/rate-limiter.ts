/**
 * A per-key sliding window: at most `max` takes in any `windowMs`. Kept in memory per instance;
 * behind a load balancer a user's limit is per instance, which still bounds a flood.
 */
export function createRateLimiter(max: number, windowMs: number) {
  const takes = new Map<string, number[]>();
  let lastSweepMs = 0;

  function sweep(nowMs: number): void {
    if (nowMs - lastSweepMs < windowMs) return;
    lastSweepMs = nowMs;
    for (const [key, times] of takes) if (times[times.length - 1]! <= nowMs - windowMs) takes.delete(key);
  }

  return {
    tryTake(key: string, nowMs: number): boolean {
      sweep(nowMs);
      const recent = (takes.get(key) ?? []).filter((t) => t > nowMs - windowMs);
      if (recent.length >= max) {
        takes.set(key, recent);
        return false;
      }
      recent.push(nowMs);
      takes.set(key, recent);
      return true;
    },
  };
}
