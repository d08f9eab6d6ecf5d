import { sql } from 'drizzle-orm';
import type { Near } from '@rentdrive/contracts/location';
import { addDays, dayInTimeZone } from '@rentdrive/domain/dates';
import type { DbOrTx } from '../../db/client';
import type { Clock } from '../../lib/clock';

/** A search with at most this many vehicles found counts as 'few results'. */
export const SEARCH_FEW_RESULTS = 3;
/** Days the log keeps. */
export const SEARCH_LOG_DAYS = 90;
const MAX_PENDING_TERMS = 5_000;

export interface SearchLog {
  /**
   * Counts one search (cheap: a few map updates; nothing is written here). Words of the text and the
   * near point's 0.1° cell; words with digits or '@', or longer than 30 letters, are never kept.
   */
  record(search: { text?: string | null; near?: Near | null; found: number }): void;
  /** Writes what was counted (the timer does every few seconds; tests call it). */
  flush(): Promise<void>;
  /** The most searched terms and those with few results, between two days. */
  demand(
    from: string,
    to: string,
  ): Promise<{
    top: { term: string; kind: 'word' | 'place'; searches: number }[];
    unmet: { term: string; kind: 'word' | 'place'; searches: number; fewResults: number }[];
  }>;
  close(): Promise<void>;
}

/** The words of a text query worth counting: lower case, letters only (any script), 2 to 30 long. */
export function searchWords(text: string): string[] {
  const words = new Set<string>();
  // A token with a digit or '@' anywhere (an address, a number, a plate) is dropped whole, before the
  // punctuation inside it would split off innocent-looking parts ('example', 'com').
  for (const token of text.toLocaleLowerCase().split(/\s+/)) {
    if (/[\d@]/.test(token)) continue;
    for (const raw of token.split(/[,;:/()"'.!?]+/)) {
      if (raw.length < 2 || raw.length > 30 || !/^[\p{L}\p{M}-]+$/u.test(raw)) continue;
      words.add(raw);
      if (words.size >= 8) return [...words];
    }
  }
  return [...words];
}

export function createSearchLog({
  db,
  clock,
  timeZone,
  flushEveryMs = 5_000,
}: {
  db: DbOrTx;
  clock: Clock;
  timeZone: string;
  flushEveryMs?: number;
}): SearchLog {
  // key: day \u0000 kind \u0000 term
  let pending = new Map<string, { searches: number; few: number }>();
  let lastPruneDay = '';
  let flushing: Promise<void> | undefined;
  const timer = flushEveryMs > 0 ? setInterval(() => void flush().catch(() => undefined), flushEveryMs) : undefined;
  timer?.unref();

  function count(day: string, kind: 'word' | 'place', term: string, few: boolean) {
    const key = `${day}\u0000${kind}\u0000${term}`;
    const found = pending.get(key);
    if (found) {
      found.searches++;
      if (few) found.few++;
    } else if (pending.size < MAX_PENDING_TERMS) {
      pending.set(key, { searches: 1, few: few ? 1 : 0 });
    }
  }

  async function write(batch: Map<string, { searches: number; few: number }>, day: string) {
    if (batch.size > 0) {
      const values = [...batch].map(([key, c]) => {
        const [d, kind, term] = key.split('\u0000') as [string, string, string];
        return sql`(${d}::date, ${kind}, ${term}, ${c.searches}, ${c.few})`;
      });
      await db.execute(sql`insert into search_log (day, kind, term, searches, few_results) values ${sql.join(values, sql`, `)}
        on conflict (day, kind, term) do update set searches = search_log.searches + excluded.searches,
          few_results = search_log.few_results + excluded.few_results`);
    }
    if (day !== lastPruneDay) {
      await db.execute(sql`delete from search_log where day < ${addDays(day, -SEARCH_LOG_DAYS)}::date`);
      lastPruneDay = day;
    }
  }

  function flush(): Promise<void> {
    flushing ??= (async () => {
      const batch = pending;
      pending = new Map();
      try {
        await write(batch, dayInTimeZone(clock.now(), timeZone));
      } finally {
        flushing = undefined;
      }
    })();
    return flushing;
  }

  return {
    record({ text, near, found }) {
      const day = dayInTimeZone(clock.now(), timeZone);
      const few = found <= SEARCH_FEW_RESULTS;
      if (text) for (const word of searchWords(text)) count(day, 'word', word, few);
      if (near) count(day, 'place', `${near.lat.toFixed(1)},${near.lng.toFixed(1)}`, few);
    },
    flush,
    async demand(from, to) {
      const result = await db.execute(
        sql`select kind, term, sum(searches) as searches, sum(few_results) as few from search_log
            where day between ${from}::date and ${to}::date group by kind, term order by sum(searches) desc, term limit 500`,
      );
      // eslint-disable-next-line @typescript-eslint/no-unnecessary-type-assertion -- the drivers type execute() apart; both answers carry `rows`.
      const rows = (result as unknown as { rows: { kind: 'word' | 'place'; term: string; searches: string; few: string }[] }).rows;
      const all = rows.map((r) => ({ term: r.term, kind: r.kind, searches: Number(r.searches), fewResults: Number(r.few) }));
      return {
        top: all.slice(0, 15).map(({ term, kind, searches }) => ({ term, kind, searches })),
        unmet: all
          .filter((r) => r.fewResults > 0)
          .sort((a, b) => b.fewResults - a.fewResults || b.searches - a.searches)
          .slice(0, 15),
      };
    },
    async close() {
      if (timer) clearInterval(timer);
      await flush().catch(() => undefined);
    },
  };
}
