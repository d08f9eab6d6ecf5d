import { describe, expect, it } from 'vitest';
import { VEHICLE_SORTS, type VehicleSort } from '@rentdrive/contracts/search';
import type { IndexedCatalogue, IndexedVehicle } from './index-types';
import { selectNth } from './select-nth';
import { VehicleIndex, type IndexCriteria } from './vehicle-index';

/**
 * The index against a plain reference: the same questions answered the obvious way (filter every
 * vehicle, compare every query word with every word, count, sort everything) over random
 * catalogues. Any difference in a page, a total or a facet count is a bug in the one-pass counting,
 * the key-based page selection or the text matching (including after words have left the index).
 */

const PROPERTY_A = '00000000-0000-4000-8000-00000000000a';
const PROPERTY_B = '00000000-0000-4000-8000-00000000000b';
const PROPERTY_OTHER_TYPE = '00000000-0000-4000-8000-00000000000c';
const CATALOGUE: IndexedCatalogue = {
  types: [
    { id: 1, name: 'Car', live: true },
    { id: 2, name: 'Truck', live: true },
    { id: 3, name: 'Old', live: false },
  ],
  categories: [
    { id: 10, typeId: 1, name: 'Sedan', live: true },
    { id: 11, typeId: 1, name: 'SUV', live: true },
    { id: 20, typeId: 2, name: 'Box', live: true },
  ],
  properties: [
    { id: PROPERTY_A, typeId: 1, name: 'Seats', valueType: 1, unit: 0, live: true },
    { id: PROPERTY_B, typeId: 1, name: 'Gearbox', valueType: 0, unit: 0, live: true },
    { id: PROPERTY_OTHER_TYPE, typeId: 2, name: 'Axles', valueType: 1, unit: 0, live: true },
  ],
};
const MAKES = ['Toyota', 'toyota', 'BMW', 'Audi', 'Škoda'];
const MODELS = ['Corolla', 'X5', 'A4', 'Octavia', 'Model 3'];
const COLORS = ['Black', 'Red', 'Blue'];
// 'toyota' and 'x5' also in descriptions: the rank's make/model bonus decides their order.
const WORDS = ['comfortable', 'quiet', 'spacious', 'clean', '100%', 'for_track', 'toyota', 'x5'];
/** Words few vehicles hold: removing those vehicles takes the words out of the index's vocabulary. */
const RARE_WORDS = ['quokka', 'axolotl', 'narwhal', 'pangolin'];
const QUERY_WORDS = [
  'toyota',
  'toyta',
  'x5',
  'quiet',
  '100%',
  'car',
  'corola',
  'quokka',
  'quoka',
  'axolotl',
  'axolot',
  'narwhal',
  'narwal',
  'pangolim',
  'uniq',
];

/** A small deterministic random generator (mulberry32), so a failure can be replayed. */
function random(seed: number) {
  let a = seed;
  const next = () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const pick = <T>(list: readonly T[]): T => list[Math.floor(next() * list.length)]!;
  const int = (lo: number, hi: number) => lo + Math.floor(next() * (hi - lo + 1));
  return { next, pick, int };
}

function makeVehicle(rnd: ReturnType<typeof random>, n: number): IndexedVehicle {
  const typeId = rnd.pick([1, 1, 2]);
  const make = rnd.pick(MAKES);
  const model = rnd.pick(MODELS);
  const color = rnd.pick(COLORS);
  const year = rnd.int(2010, 2016);
  const properties =
    typeId === 1
      ? [
          ...(rnd.next() < 0.9 ? [{ propertyId: PROPERTY_A, value: rnd.pick(['2', '5', '7', '10']) }] : []),
          ...(rnd.next() < 0.8 ? [{ propertyId: PROPERTY_B, value: rnd.pick(['Manual', 'Automatic']) }] : []),
        ]
      : [{ propertyId: PROPERTY_OTHER_TYPE, value: rnd.pick(['2', '3']) }];
  const reviewCount = rnd.pick([0, 0, 1, 2, 4]);
  return {
    id: `00000000-0000-4000-8000-${n.toString(16).padStart(12, '0')}`,
    live: true,
    typeId,
    categoryId: typeId === 1 ? rnd.pick([10, 11]) : 20,
    make,
    model,
    color,
    fuelType: rnd.int(0, 4),
    // Few distinct prices and creation times: plenty of ties for the sort keys to break.
    priceCents: rnd.pick([1000, 2500, 4000, 4000, 9900]),
    year,
    starsTotal: reviewCount * rnd.int(1, 5),
    reviewCount,
    createdAtMs: Date.UTC(2026, 0, 1) + rnd.int(0, 20) * 60_000,
    // Every vehicle also holds a word of its own (each leaves the vocabulary with its vehicle).
    searchText:
      `${make} ${model} ${typeId === 1 ? 'car' : 'truck'} ${year} ${color} ${rnd.pick(WORDS)} ${rnd.pick(WORDS)} uniq${n.toString(36)}${rnd.next() < 0.05 ? ` ${rnd.pick(RARE_WORDS)}` : ''}`.toLowerCase(),
    description: `A ${color.toLowerCase()} ${make} ${model}.`,
    ownerName: rnd.pick(['alice', 'bob']),
    imageURL: rnd.next() < 0.8 ? `images/vehicles/${n}-thumb.webp` : null,
    properties,
    bookedDays: rnd.next() < 0.3 ? ['2026-07-01', '2026-07-02'].slice(0, rnd.int(1, 2)) : rnd.next() < 0.1 ? ['2026-07-05'] : [],
  };
}

function randomCriteria(rnd: ReturnType<typeof random>): IndexCriteria {
  const maybe = <T>(p: number, value: () => T): T | undefined => (rnd.next() < p ? value() : undefined);
  const minPrice = maybe(0.3, () => rnd.pick([1000, 2500, 4000]));
  const minYear = maybe(0.3, () => rnd.int(2010, 2014));
  return {
    typeId: maybe(0.5, () => rnd.pick([1, 2])),
    categoryIds: maybe(0.2, () => [rnd.pick([10, 11, 20])]),
    makes:
      rnd.next() < 0.4 ? [...new Set([rnd.pick(MAKES).toLowerCase(), ...(rnd.next() < 0.5 ? [rnd.pick(MAKES).toLowerCase()] : [])])] : [],
    colors: rnd.next() < 0.3 ? [rnd.pick(COLORS).toLowerCase()] : [],
    fuelType: maybe(0.2, () => rnd.int(0, 4)),
    minPriceCents: minPrice,
    maxPriceCents: maybe(0.3, () => Math.max(minPrice ?? 0, rnd.pick([2500, 4000, 9900]))),
    minYear,
    maxYear: maybe(0.3, () => Math.max(minYear ?? 0, rnd.int(2012, 2016))),
    words: rnd.next() < 0.3 ? [...new Set([rnd.pick(QUERY_WORDS), ...(rnd.next() < 0.3 ? [rnd.pick(QUERY_WORDS)] : [])])] : [],
    availableFrom: rnd.next() < 0.2 ? '2026-07-02' : undefined,
    availableTo: '2026-07-05',
    properties:
      rnd.next() < 0.3
        ? [
            { propertyId: PROPERTY_A, values: rnd.next() < 0.5 ? ['5'] : ['5', '7'] },
            ...(rnd.next() < 0.5 ? [{ propertyId: PROPERTY_B, values: ['Automatic'] }] : []),
          ]
        : [],
  };
}

const wordsOf = (text: string) => [...new Set(text.split(/\s+/).filter(Boolean))];

/** pg_trgm's trigrams of a word: each run of letters and digits padded with two spaces before, one after. */
function referenceTrigrams(word: string): Set<string> {
  const out = new Set<string>();
  for (const part of word.split(/[^\p{L}\p{N}]+/u)) {
    if (!part) continue;
    const chars = Array.from(`  ${part} `);
    for (let i = 0; i + 3 <= chars.length; i++) out.add(chars.slice(i, i + 3).join(''));
  }
  return out;
}

/**
 * How well a query word matches a vehicle word: 1 for the word, 0.5 to 1 for a part of it, the
 * trigram similarity (at least 0.4) for a typo of it (query words of 3+ letters and digits, not a
 * number), 0 for no match.
 */
const scoreCache = new Map<string, number>();

function referenceScore(query: string, word: string): number {
  const key = `${query} ${word}`;
  let score = scoreCache.get(key);
  if (score === undefined) scoreCache.set(key, (score = computeScore(query, word)));
  return score;
}

function computeScore(query: string, word: string): number {
  let score = word === query ? 1 : word.includes(query) ? 0.5 + (0.5 * query.length) / word.length : 0;
  if (query.length >= 3 && /^[\p{L}\p{N}]+$/u.test(query) && !/^\d+$/.test(query)) {
    const a = referenceTrigrams(query);
    const b = referenceTrigrams(word);
    const common = [...a].filter((g) => b.has(g)).length;
    const similarity = common / (a.size + b.size - common);
    if (similarity >= 0.4 && similarity > score) score = similarity;
  }
  return score;
}

/** The text rank of a vehicle (per query word its best score, plus twice its best in make and model), or null when a word misses. */
function referenceRank(v: IndexedVehicle, query: readonly string[]): number | null {
  const own = wordsOf(v.searchText);
  const names = wordsOf(`${v.make} ${v.model}`.toLowerCase());
  let rank = 0;
  for (const q of query) {
    const best = Math.max(0, ...own.map((w) => referenceScore(q, w)));
    if (best === 0) return null;
    rank += best;
  }
  let bonus = 0;
  for (const q of query) bonus += Math.max(0, ...names.map((w) => referenceScore(q, w)));
  return rank + 2 * bonus;
}

/** The obvious implementation, row by row, used as the expected answer. */
function reference(vehicles: IndexedVehicle[], c: IndexCriteria) {
  const matchesText = (v: IndexedVehicle) => !c.words.length || referenceRank(v, c.words) !== null;
  const from = c.availableFrom ?? '';
  const to = c.availableTo ?? '';
  const hard = vehicles.filter(
    (v) =>
      (c.typeId === undefined || v.typeId === c.typeId) &&
      (!c.categoryIds?.length || c.categoryIds.includes(v.categoryId)) &&
      matchesText(v) &&
      !(from && v.bookedDays.some((d) => d >= from && d <= to)),
  );
  type Facet = 'make' | 'color' | 'fuel' | 'price' | 'year' | `p${number}`;
  const passes = (v: IndexedVehicle, except?: Facet) =>
    (except === 'make' || !c.makes.length || c.makes.includes(v.make.toLowerCase())) &&
    (except === 'color' || !c.colors.length || c.colors.includes(v.color.toLowerCase())) &&
    (except === 'fuel' || c.fuelType === undefined || v.fuelType === c.fuelType) &&
    (except === 'price' || ((c.minPriceCents ?? -Infinity) <= v.priceCents && v.priceCents <= (c.maxPriceCents ?? Infinity))) &&
    (except === 'year' || ((c.minYear ?? -Infinity) <= v.year && v.year <= (c.maxYear ?? Infinity))) &&
    c.properties.every(
      (p, i) => except === `p${i}` || v.properties.some((pv) => pv.propertyId === p.propertyId && p.values.includes(pv.value)),
    );
  const counts = (key: (v: IndexedVehicle) => string | number, except: Facet) => {
    const out = new Map<string | number, number>();
    for (const v of hard) out.set(key(v), (out.get(key(v)) ?? 0) + (passes(v, except) ? 1 : 0));
    return out;
  };
  const bounds = (key: (v: IndexedVehicle) => number, except: Facet) => {
    const values = hard.filter((v) => passes(v, except)).map(key);
    return values.length ? [Math.min(...values), Math.max(...values)] : [null, null];
  };
  return { matches: hard.filter((v) => passes(v)), counts, bounds, hard, passes };
}

const toMap = <T extends { count: number }>(list: T[], key: (t: T) => string | number) => new Map(list.map((t) => [key(t), t.count]));

function comparatorFor(sort: VehicleSort, rankOf: (v: IndexedVehicle) => number, hasText: boolean) {
  const text = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);
  const byId = (a: IndexedVehicle, b: IndexedVehicle) => text(a.id, b.id);
  const stars = (v: IndexedVehicle) => (v.reviewCount ? Math.round((v.starsTotal / v.reviewCount) * 1e4) : -1);
  const newest = (a: IndexedVehicle, b: IndexedVehicle) => b.createdAtMs - a.createdAtMs || byId(a, b);
  switch (sort) {
    case 'price-asc':
      return (a: IndexedVehicle, b: IndexedVehicle) => a.priceCents - b.priceCents || byId(a, b);
    case 'price-desc':
      return (a: IndexedVehicle, b: IndexedVehicle) => b.priceCents - a.priceCents || byId(a, b);
    case 'year-desc':
      return (a: IndexedVehicle, b: IndexedVehicle) => b.year - a.year || a.priceCents - b.priceCents || byId(a, b);
    case 'rating-desc':
      return (a: IndexedVehicle, b: IndexedVehicle) => stars(b) - stars(a) || b.reviewCount - a.reviewCount || byId(a, b);
    case 'newest':
      return newest;
    case 'relevance':
      return hasText
        ? (a: IndexedVehicle, b: IndexedVehicle) =>
            Math.round(rankOf(b) * 1e6) - Math.round(rankOf(a) * 1e6) || text(a.make, b.make) || text(a.model, b.model) || byId(a, b)
        : newest;
  }
}

describe('VehicleIndex', () => {
  it('answers every random question as the row-by-row reference does (pages, totals, facets)', () => {
    for (const seed of [1, 2, 3]) {
      const rnd = random(seed);
      // Enough rows that large pages go through quickselect (more than 2,048 matches).
      let vehicles = Array.from({ length: 3000 }, (_, n) => makeVehicle(rnd, n));
      const index = new VehicleIndex();
      index.setCatalogue(CATALOGUE);
      for (const v of vehicles) index.upsert(v);
      // Replace and delete some, as the change feed does.
      for (let n = 0; n < 200; n++) {
        const changed = { ...makeVehicle(rnd, 9000 + n), id: vehicles[n * 7]!.id };
        vehicles[n * 7] = changed;
        index.upsert(changed);
      }
      for (let n = 0; n < 50; n++) {
        const [gone] = vehicles.splice(n * 11, 1);
        index.remove(gone!.id);
      }
      let added = 0;
      for (let q = 0; q < 60; q++) {
        if (q % 10 === 5) {
          // Changes after searches have run: the orders kept row by row must stay right.
          for (let n = 0; n < 20; n++) {
            const at = rnd.int(0, vehicles.length - 1);
            if (n % 4 === 0) {
              const [gone] = vehicles.splice(at, 1);
              index.remove(gone!.id);
            } else if (n % 4 === 1) {
              const fresh = makeVehicle(rnd, 20_000 + added++);
              vehicles.push(fresh);
              index.upsert(fresh);
            } else {
              const changed = { ...makeVehicle(rnd, 30_000 + n), id: vehicles[at]!.id };
              vehicles[at] = changed;
              index.upsert(changed);
            }
          }
        }
        if (q === 20 || q === 30) {
          // Every vehicle holding a rare word leaves: the word leaves the vocabulary (queried below,
          // as are typos of it); 'axolotl' comes back at q 40 on new vehicles (ids are reused).
          const leaving = q === 20 ? 'axolotl' : 'narwhal';
          for (const gone of vehicles.filter((v) => v.searchText.includes(leaving))) index.remove(gone.id);
          vehicles = vehicles.filter((v) => !v.searchText.includes(leaving));
        }
        if (q === 40) {
          for (let n = 0; n < 3; n++) {
            const fresh = makeVehicle(rnd, 40_000 + n);
            fresh.searchText += ' axolotl';
            vehicles.push(fresh);
            index.upsert(fresh);
          }
        }
        const criteria = randomCriteria(rnd);
        if (q >= 20 && q % 5 === 0) criteria.words = [rnd.pick(['axolotl', 'axolot', 'narwhal', 'narwal'])];
        const ref = reference(vehicles, criteria);
        // Text questions are mostly sorted by relevance (the rank is compared too).
        const sort = criteria.words.length && rnd.next() < 0.6 ? 'relevance' : rnd.pick(VEHICLE_SORTS);
        const pageSize = rnd.pick([1, 5, 24]);
        const offset = rnd.pick([0, 0, pageSize, 10 * pageSize, 100 * pageSize]);
        const label = `seed ${seed} query ${q} ${JSON.stringify({ criteria, sort, offset, pageSize })}`;
        const result = index.search(criteria, { sort, offset, limit: pageSize }, criteria.typeId);

        expect(result.total, label).toBe(ref.matches.length);
        expect(
          toMap(result.facets.makes, (m) => m.name),
          label,
        ).toEqual(ref.counts((v) => v.make, 'make'));
        expect(
          toMap(result.facets.colors, (m) => m.name),
          label,
        ).toEqual(ref.counts((v) => v.color, 'color'));
        expect(
          toMap(result.facets.fuels, (f) => f.id),
          label,
        ).toEqual(ref.counts((v) => v.fuelType, 'fuel'));
        expect([result.facets.priceMinCents, result.facets.priceMaxCents], label).toEqual(ref.bounds((v) => v.priceCents, 'price'));
        expect([result.facets.yearMin, result.facets.yearMax], label).toEqual(ref.bounds((v) => v.year, 'year'));
        if (criteria.typeId === 1) {
          for (const property of result.facets.properties) {
            const i = criteria.properties.findIndex((p) => p.propertyId === property.propertyId);
            const expected = new Map<string, number>();
            for (const v of ref.hard) {
              const pv = v.properties.find((x) => x.propertyId === property.propertyId);
              if (pv) expected.set(pv.value, (expected.get(pv.value) ?? 0) + (ref.passes(v, i >= 0 ? `p${i}` : undefined) ? 1 : 0));
            }
            expect(
              toMap(property.values, (v) => v.value),
              `${label} ${property.propertyName}`,
            ).toEqual(expected);
          }
        }
        // The page: the reference sorts everything (by its own text rank for relevance).
        const rankOf = (v: IndexedVehicle) => referenceRank(v, criteria.words) ?? 0;
        const expected = [...ref.matches].sort(comparatorFor(sort, rankOf, criteria.words.length > 0)).slice(offset, offset + pageSize);
        expect(result.ids, label).toEqual(expected.map((v) => v.id));
      }
      // The vocabulary holds the words of the current vehicles and nothing else.
      const live = new Set(vehicles.flatMap((v) => [...wordsOf(v.searchText), ...wordsOf(`${v.make} ${v.model}`.toLowerCase())]));
      expect(index.textFootprint().words, `seed ${seed}`).toBe(live.size);
    }
  });

  it('lists properties of the chosen type by name, values numerically, each property leaving out its own selection', () => {
    const index = new VehicleIndex();
    index.setCatalogue(CATALOGUE);
    const base = makeVehicle(random(9), 1);
    const car = (id: number, seats: string, gearbox: string): IndexedVehicle => ({
      ...base,
      id: `00000000-0000-4000-8000-${String(id).padStart(12, '0')}`,
      typeId: 1,
      categoryId: 10,
      bookedDays: [],
      properties: [
        { propertyId: PROPERTY_A, value: seats },
        { propertyId: PROPERTY_B, value: gearbox },
      ],
    });
    [car(1, '10', 'Manual'), car(2, '5', 'Automatic'), car(3, '7', 'Automatic'), car(4, '5', 'Manual')].forEach((v) => index.upsert(v));
    const result = index.search(
      { typeId: 1, makes: [], colors: [], words: [], properties: [{ propertyId: PROPERTY_A, values: ['5'] }] },
      { sort: 'newest', offset: 0, limit: 10 },
      1,
    );
    expect(result.total).toBe(2);
    expect(result.facets.properties.map((p) => [p.propertyName, p.values])).toEqual([
      [
        'Gearbox',
        [
          { value: 'Automatic', count: 1 },
          { value: 'Manual', count: 1 },
        ],
      ],
      [
        'Seats',
        [
          { value: '5', count: 2 },
          { value: '7', count: 1 },
          { value: '10', count: 1 },
        ],
      ],
    ]);
  });

  it('finds text by literal parts of words and by typos, ranking make and model matches first', () => {
    const index = new VehicleIndex();
    index.setCatalogue(CATALOGUE);
    const base = makeVehicle(random(4), 1);
    const add = (id: number, make: string, model: string, description: string) =>
      index.upsert({
        ...base,
        id: `00000000-0000-4000-8000-${String(id).padStart(12, '0')}`,
        make,
        model,
        bookedDays: [],
        searchText: `${make} ${model} car ${description}`.toLowerCase(),
      });
    add(1, 'Toyota', 'Corolla', 'A compact car.');
    add(2, 'Ford', 'Focus', 'Like a toyota, but a ford.');
    add(3, 'Tesla', 'Model 3', 'Quiet and 100% electric.');
    add(4, 'Honda', 'CBR', 'Sport bike for_track days.');
    const find = (...words: string[]) =>
      index
        .search({ makes: [], colors: [], words, properties: [] }, { sort: 'relevance', offset: 0, limit: 10 })
        .ids.map((id) => Number(id.slice(-3)));
    expect(find('toyota')).toEqual([1, 2]);
    expect(find('toyta')).toEqual([1, 2]);
    expect(find('corola')).toEqual([1]);
    expect(find('teslaa')).toEqual([3]);
    expect(find('toyota', 'compact')).toEqual([1]);
    expect(find('%')).toEqual([3]);
    expect(find('100%')).toEqual([3]);
    expect(find('_')).toEqual([4]);
    expect(find('t%a')).toEqual([]);
    expect(find('xyzzy')).toEqual([]);
    expect(find('foc')).toEqual([2]);
  });

  it('keeps only vehicles free on every day of the window, and those booked before the horizon', () => {
    const index = new VehicleIndex();
    index.setCatalogue(CATALOGUE);
    const base = makeVehicle(random(5), 1);
    const ids = [1, 2, 3].map((n) => `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`);
    index.upsert({ ...base, id: ids[0]!, bookedDays: ['2026-07-01', '2026-07-02'] });
    index.upsert({ ...base, id: ids[1]!, bookedDays: ['2026-07-10'] });
    index.upsert({ ...base, id: ids[2]!, bookedDays: [] });
    const free = (from: string, to: string, blockedVehicleIds?: string[]) =>
      index.filterIds({ makes: [], colors: [], words: [], properties: [], availableFrom: from, availableTo: to, blockedVehicleIds }).sort();
    expect(free('2026-07-02', '2026-07-09')).toEqual([ids[1], ids[2]]);
    expect(free('2026-07-03', '2026-07-10')).toEqual([ids[0], ids[2]]);
    expect(free('2026-07-03', '2026-07-09', [ids[2]!])).toEqual([ids[0], ids[1]]);
    // A new booking replaces the old days.
    index.upsert({ ...base, id: ids[0]!, bookedDays: ['2026-07-04'] });
    expect(free('2026-07-01', '2026-07-02')).toEqual(ids);
  });

  it('resolves live catalogue entries by id or name', () => {
    const index = new VehicleIndex();
    index.setCatalogue(CATALOGUE);
    expect(index.findType({ name: 'car' })).toEqual({ id: 1, name: 'Car' });
    expect(index.findType({ id: 3 })).toBeUndefined();
    expect(index.findCategoryIds({ name: 'suv' }, 1)).toEqual([11]);
    expect(index.findCategoryIds({ name: 'suv' }, 2)).toEqual([]);
    expect(index.findPropertyIds([PROPERTY_A, '00000000-0000-4000-8000-000000000999'])).toEqual([PROPERTY_A]);
  });

  it('answers cards with type and category names, and renders them again after a rename or an edit', () => {
    const index = new VehicleIndex();
    index.setCatalogue(CATALOGUE);
    const vehicle = { ...makeVehicle(random(6), 1), typeId: 1, categoryId: 11, make: 'BMW', model: 'X5', imageURL: null };
    index.upsert(vehicle);
    const card = () => JSON.parse(index.cardsJson([vehicle.id, 'no-such-id'])[0]!) as Record<string, unknown>;
    expect(card()).toMatchObject({
      id: vehicle.id,
      make: 'BMW',
      model: 'X5',
      vehicleType: 'Car',
      vehicleTypeCategory: 'SUV',
      imageURL: null,
    });
    expect(index.cardsJson(['no-such-id'])).toEqual([]);
    index.setCatalogue({ ...CATALOGUE, categories: CATALOGUE.categories.map((c) => (c.id === 11 ? { ...c, name: 'Off-road' } : c)) });
    expect(card().vehicleTypeCategory).toBe('Off-road');
    index.upsert({ ...vehicle, priceCents: 12345, ownerName: 'carol', imageURL: 'images/vehicles/x-thumb.webp' });
    expect(card()).toMatchObject({ priceCents: 12345, ownerName: 'carol', imageURL: 'images/vehicles/x-thumb.webp' });
  });

  it('selects the n-th smallest value', () => {
    const rnd = random(7);
    for (let round = 0; round < 50; round++) {
      const values = Array.from({ length: rnd.int(1, 300) }, () => rnd.int(0, 20));
      const n = rnd.int(0, values.length - 1);
      expect(selectNth(Float64Array.from(values), n)).toBe([...values].sort((a, b) => a - b)[n]);
    }
  });
});
