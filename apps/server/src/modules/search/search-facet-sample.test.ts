import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/test-app';
import { seedSearchCatalogue, type SearchCatalogue } from './search-fixture';
import { createSearchRepository, type SearchPage } from './search.repository';
import type { SearchCriteria } from './search-sql';

/**
 * Above FACET_SAMPLE_ROWS hard matches the value counts are estimated from a sample; a tiny sample
 * size makes the fixture's five live cars "huge". Page, total and bounds must stay exact.
 */
describe('search repository, value counts from a sample', () => {
  let t: TestApp;
  let c: SearchCatalogue;
  beforeAll(async () => {
    t = await createTestApp();
    c = await seedSearchCatalogue(t.database);
  });
  afterAll(() => t.close());

  const criteria = (extra: Partial<SearchCriteria>): SearchCriteria => ({ typeId: c.car.id, makes: [], colors: [], words: [], properties: [], ...extra });
  const page = (): SearchPage => ({ sort: 'price-asc', limit: 3, offset: 0, propertyTypeId: c.car.id });

  it('keeps the page, the total and the price and year bounds exact, and scales the counts to the matches', async () => {
    const exact = createSearchRepository(t.database.db);
    const sampled = createSearchRepository(t.database.db, { facetSampleRows: 3 });
    for (const extra of [
      {},
      { makes: ['toyota'], maxPriceCents: 8000 },
      { properties: [{ propertyId: c.gearbox.id, values: ['Automatic'] }], colors: ['black'] },
    ] satisfies Partial<SearchCriteria>[]) {
      const a = await exact.search(criteria(extra), page());
      const b = await sampled.search(criteria(extra), page());
      expect(b.items).toEqual(a.items);
      expect(b.total).toBe(a.total);
      expect([b.priceMinCents, b.priceMaxCents, b.yearMin, b.yearMax]).toEqual([a.priceMinCents, a.priceMaxCents, a.yearMin, a.yearMax]);
      // Only values that exist are listed, each with a count no higher than 5 live cars scaled from 3.
      const names = new Set(a.makes.map((m) => m.name));
      for (const m of b.makes) {
        expect(names.has(m.name)).toBe(true);
        expect(Number.isInteger(m.count) && m.count >= 0 && m.count <= 5).toBe(true);
      }
      expect(b.properties.map((p) => p.propertyName)).toEqual(a.properties.map((p) => p.propertyName));
    }
    // Nothing selected: three sampled cars scaled to five, so the make counts add up to about five.
    const all = await sampled.search(criteria({}), page());
    const sum = all.makes.reduce((n, m) => n + m.count, 0);
    expect(Math.abs(sum - 5)).toBeLessThanOrEqual(all.makes.length);
  });

  it('answers exactly as before when the matches fit in the sample', async () => {
    const exact = createSearchRepository(t.database.db);
    const roomy = createSearchRepository(t.database.db, { facetSampleRows: 5 });
    const body = criteria({ makes: ['toyota'] });
    expect(await roomy.search(body, page())).toEqual(await exact.search(body, page()));
  });
});
