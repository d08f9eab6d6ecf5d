import type { SQL } from 'drizzle-orm';
import type { DbOrTx } from '../../src/db/client';
import type { IndexedCatalogue, IndexedVehicle, IndexSink } from '../../src/modules/search/index/index-types';
import type { SearchFeed } from '../../src/modules/search/sync/search-feed';

/** An IndexSink that keeps what it is told (the test double of the vehicle index). */
export class RecordingSink implements IndexSink {
  readonly vehicles = new Map<string, IndexedVehicle>();
  catalogue: IndexedCatalogue | undefined;
  clears = 0;
  /** Every upsert and remove, by vehicle id, in order. */
  readonly log: { op: 'upsert' | 'remove'; id: string }[] = [];

  upsert(vehicle: IndexedVehicle): void {
    this.log.push({ op: 'upsert', id: vehicle.id });
    if (vehicle.live) this.vehicles.set(vehicle.id, vehicle);
    else this.vehicles.delete(vehicle.id);
  }
  remove(id: string): void {
    this.log.push({ op: 'remove', id });
    this.vehicles.delete(id);
  }
  setCatalogue(catalogue: IndexedCatalogue): void {
    this.catalogue = catalogue;
  }
  clear(): void {
    this.clears++;
    this.vehicles.clear();
    this.catalogue = undefined;
  }
  /** How many times the vehicle was upserted or removed. */
  touches(id: string): number {
    return this.log.filter((e) => e.id === id).length;
  }
}

/** Property values of an indexed vehicle as propertyId -> value. */
export function propertiesOf(vehicle: IndexedVehicle | undefined): Record<string, string> {
  return Object.fromEntries((vehicle?.properties ?? []).map((p) => [p.propertyId, p.value]));
}

/** Rows of a raw statement (PGlite and node-postgres both answer { rows }). */
export async function queryRows<T>(db: DbOrTx, query: SQL): Promise<T[]> {
  // eslint-disable-next-line @typescript-eslint/no-unnecessary-type-assertion -- the drivers (node-postgres, PGlite) type execute() apart; both answers carry `rows`.
  return ((await db.execute(query)) as unknown as { rows: T[] }).rows;
}

/** A promise with its resolve function outside. */
export function deferred<T = void>() {
  let resolve!: (value: T) => void;
  const promise = new Promise<T>((r) => (resolve = r));
  return { promise, resolve };
}

export const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * The feed with its polls numbered (1, 2, ... in the order they are sent) and counted, including the
 * most in flight at once. `beforeQuery(n, step)` runs a step before poll n reads the database (a write
 * between two polls); `hold(n)` keeps poll n's answer, already read, from its caller until released
 * (a late response); `answered(n)` resolves once poll n has read the database. `answerDelayMs` delays
 * every answer (jitter).
 */
export function instrumentedFeed(feed: SearchFeed, options: { answerDelayMs?: (n: number) => number } = {}) {
  const stats = { polls: 0, inFlight: 0, maxInFlight: 0 };
  const befores = new Map<number, () => Promise<unknown>>();
  const holds = new Map<number, Promise<void>>();
  const answers = new Map<number, ReturnType<typeof deferred<void>>>();
  const answer = (n: number) => {
    if (!answers.has(n)) answers.set(n, deferred());
    return answers.get(n)!;
  };
  const wrapped: SearchFeed = {
    ...feed,
    poll: async (request) => {
      const n = ++stats.polls;
      stats.inFlight++;
      stats.maxInFlight = Math.max(stats.maxInFlight, stats.inFlight);
      try {
        await befores.get(n)?.();
        const result = await feed.poll(request);
        answer(n).resolve();
        await holds.get(n);
        const delay = options.answerDelayMs?.(n);
        if (delay) await sleep(delay);
        return result;
      } finally {
        stats.inFlight--;
      }
    },
  };
  return {
    feed: wrapped,
    stats,
    beforeQuery(n: number, step: () => Promise<unknown>) {
      befores.set(n, step);
    },
    /** Holds poll n's answer; call the returned function to let it through. */
    hold(n: number): () => void {
      const gate = deferred();
      holds.set(n, gate.promise);
      return () => gate.resolve();
    },
    answered: (n: number) => answer(n).promise,
  };
}
