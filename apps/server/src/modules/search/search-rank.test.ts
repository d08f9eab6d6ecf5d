import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/test-app';
import { wordSimilarity } from './search-sql';

/** The rank's whole-word shortcut must give exactly what pg_trgm's word_similarity gives. */
describe('search rank, whole-word shortcut', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('equals word_similarity for whole words, parts of words, typos and punctuation', async () => {
    const texts = ['toyota corola sedan', 'a toyota, well kept.', 'xtoyota', 'toyota_x', 'toyotas', 'electric scooter (kids)', 'e-scooter', 'café toyota', ''];
    const words = ['toyota', 'toyta', 'scooter', 'kids', 'e', 'café', 'x'];
    for (const text of texts) {
      for (const word of words) {
        const result = (await t.database.db.execute(
          sql`select ${wordSimilarity(word, sql`${text}::text`)}::float8 as fast, word_similarity(${word}, ${text})::float8 as exact`,
        )) as unknown as { rows: { fast: number; exact: number }[] };
        const row = result.rows[0]!;
        expect(Number(row.fast), `${word} in '${text}'`).toBe(Number(row.exact));
      }
    }
  });
});
