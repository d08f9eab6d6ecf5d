/**
 * Shares one run of `work` among concurrent callers without ever handing a caller a run that started
 * before it asked. A caller arriving while a run is in flight waits for the next run, which starts as
 * soon as the current one ends and serves everyone who arrived in the meantime.
 *
 * The search service wraps the change-feed poll in it: each request still sees every write committed
 * before it arrived (its poll starts after it), but under load one poll serves many requests instead
 * of one round trip to PostgreSQL each.
 */
export function coalesced(work: () => Promise<void>): () => Promise<void> {
  let running: Promise<void> | undefined;
  let queued: Promise<void> | undefined;

  function start(): Promise<void> {
    const run = work().finally(() => {
      if (running === run) running = undefined;
    });
    running = run;
    return run;
  }

  return function call(): Promise<void> {
    if (!running) return start();
    queued ??= running
      .catch(() => undefined)
      .then(() => {
        queued = undefined;
        return start();
      });
    return queued;
  };
}
