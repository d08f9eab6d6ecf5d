/**
 * Shares runs of `work` among concurrent callers without ever handing a caller a run that started
 * before it asked. Callers join the next run that has not started yet; it starts (in a microtask, so
 * everyone calling in the same turn joins it) as soon as fewer than `maxInFlight` runs are under way.
 *
 * The search service wraps the change-feed poll in it: each request still sees every write committed
 * before it arrived (its poll starts after it), but under load one poll serves many requests instead
 * of one round trip to PostgreSQL each. Allowing two runs in flight shortens a lone caller's wait (it
 * need not wait for the end of a run it missed) at the price of far more runs under load.
 */
export function coalesced(work: () => Promise<void>, maxInFlight = 1): () => Promise<void> {
  let inFlight = 0;
  /** The run callers join: created by the first caller after the previous one started. */
  let next: Promise<void> | undefined;
  /** Runs waiting for a free slot, oldest first. */
  const waiting: (() => void)[] = [];

  function finished() {
    inFlight--;
    waiting.shift()?.();
  }

  return function call(): Promise<void> {
    if (next) return next;
    let open!: () => void;
    const gate = new Promise<void>((resolve) => (open = resolve));
    const run: Promise<void> = gate.then(() => {
      if (next === run) next = undefined;
      inFlight++;
      return work().finally(finished);
    });
    next = run;
    if (inFlight < maxInFlight) open();
    else waiting.push(open);
    return run;
  };
}
