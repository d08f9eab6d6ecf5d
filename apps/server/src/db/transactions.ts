import type { Db, Tx } from './client';
import { isRetryableConflict } from './db-errors';

/** Effects waiting for their transaction's commit, by transaction. */
const effectsByTx = new WeakMap<Tx, (() => void)[]>();

/**
 * Runs `effect` once `tx` has committed, never if it rolls back: telling clients about what the
 * transaction wrote (a pushed notification) must not announce what never happened. Only for
 * transactions opened by `transact` (or `runIdempotent`, which uses it).
 */
export function afterCommit(tx: Tx, effect: () => void): void {
  const effects = effectsByTx.get(tx);
  if (!effects) throw new Error('afterCommit needs a transaction opened by transact().');
  effects.push(effect);
}

/** Runs work in one transaction, again (at most `retries` times) when PostgreSQL reports a deadlock. */
export async function transact<T>(db: Db, work: (tx: Tx) => Promise<T>, retries = 2): Promise<T> {
  for (let attempt = 0; ; attempt++) {
    // A retried attempt starts with no effects: those of the rolled-back one are dropped.
    let effects: (() => void)[] = [];
    try {
      const result = await db.transaction((tx) => {
        effects = [];
        effectsByTx.set(tx, effects);
        return work(tx);
      });
      for (const effect of effects) effect();
      return result;
    } catch (error) {
      if (attempt >= retries || !isRetryableConflict(error)) throw error;
    }
  }
}
