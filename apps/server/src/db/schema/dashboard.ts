import { sql } from 'drizzle-orm';
import { check, date, index, integer, pgTable, primaryKey, text } from 'drizzle-orm/pg-core';

/**
 * The search log behind the operator's 'search demand' (issue 30): per day, each searched word or
 * place and how many searches named it, and how many of those found few vehicles. No user, session,
 * address or time of day: only counts. Words with digits or '@' are never written (numbers, plates,
 * addresses); a place is a 0.1° cell ('48.1,11.6'). Written in batches by the search route; rows
 * older than 90 days are deleted.
 */
export const searchLog = pgTable(
  'search_log',
  {
    day: date('day', { mode: 'string' }).notNull(),
    /** 'word' (of the text query) or 'place' (the cell of the search's near point). */
    kind: text('kind').$type<'word' | 'place'>().notNull(),
    term: text('term').notNull(),
    searches: integer('searches').notNull().default(0),
    /** Searches that found at most SEARCH_FEW_RESULTS vehicles. */
    fewResults: integer('few_results').notNull().default(0),
  },
  (t) => [
    primaryKey({ columns: [t.day, t.kind, t.term] }),
    index('search_log_day_idx').on(t.day),
    check('search_log_kind_ck', sql`${t.kind} in ('word','place')`),
  ],
);
