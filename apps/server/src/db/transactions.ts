import type { Db, Tx } from './client';
import { isRetryableConflict } from './db-errors';

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
