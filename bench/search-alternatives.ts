/**
 * npm run bench:search-alternatives — the in-process search index (ADR 007) against @orama/orama,
 * in one process, on bench:search's data (bench/search-data.ts, 100,000 vehicles) and its ten
 * bodies: pages of 12, no HTTP, no answer cache. Makes a throwaway PostgreSQL database
 * (BENCH_DATABASE_URL), reads every vehicle through the search feed as the server does, loads each
 * engine from those rows, then answers every body BENCH_RUNS times (a price bound moved by a cent
 * each time, so nothing but the engine's own caches helps). BENCH_ENGINES=index skips Orama.
 *
 * Orama is asked for the page, the total and the make, color and fuel counts of the matches: one
 * query per answer. That is less than the index answers (each facet leaving out its own selection
 * would cost Orama one more query per selected facet, and the price and year bounds sorted queries),
 * so its figures are a lower bound. Availability has no Orama form here (no negated range on a list).
 * Memory is the heap (and typed arrays) an engine adds after a full GC, not counting the strings it
 * shares with the rows read (ids, models, descriptions): run with --expose-gc (the npm script does).
 */
import { performance } from 'node:perf_hooks';
import { create, insertMultiple, search as oramaSearch, type AnyOrama } from '@orama/orama';
import pg from 'pg';
import { FUEL_TYPES } from '@rentdrive/contracts/enums';
import type { VehicleSort } from '@rentdrive/contracts/search';
import { openDatabase } from '../apps/server/src/db/client';
import type { IndexedVehicle } from '../apps/server/src/modules/search/index/index-types';
import { VehicleIndex, type IndexCriteria } from '../apps/server/src/modules/search/index/vehicle-index';
import { createSearchFeed } from '../apps/server/src/modules/search/sync/search-feed';
import { generateSearchData, type BenchData } from './search-data';

const BASE_URL = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const VEHICLES = Number(process.env.BENCH_VEHICLES ?? 100_000);
const RUNS = Number(process.env.BENCH_RUNS ?? 15);
const ENGINES = (process.env.BENCH_ENGINES ?? 'index,orama').split(',');
const PAGE_SIZE = 12;
const DB_NAME = `rentdrive_bench_alt_${process.pid}`;

/** One bench:search body in engine-neutral form (prices in cents). */
interface Question {
  name: string;
  type?: string;
  category?: string;
  makes?: string[];
  fuel?: string;
  minPriceCents?: number;
  maxPriceCents?: number;
  words?: string[];
  properties?: { propertyId: string; values: string[] }[];
  window?: { from: string; to: string };
  sort: VehicleSort;
  page: number;
}

function questions(d: BenchData): Question[] {
  return [
    { name: 'type only', type: 'Car', sort: 'relevance', page: 1 },
    { name: 'type only, by price', type: 'Truck', sort: 'price-asc', page: 1 },
    { name: 'type+make+price', type: 'Car', makes: ['Toyota'], minPriceCents: 3000, maxPriceCents: 9000, sort: 'relevance', page: 1 },
    { name: 'type+2 makes+price', type: 'Motorcycle', makes: ['Honda', 'Yamaha'], maxPriceCents: 6000, sort: 'price-desc', page: 1 },
    { name: 'text (typo)', words: ['toyta', 'corola'], sort: 'relevance', page: 1 },
    { name: 'text', words: ['electric', 'scooter'], sort: 'relevance', page: 1 },
    {
      name: 'properties',
      type: 'Car',
      properties: [
        { propertyId: d.seatsPropertyId, values: ['5', '7'] },
        { propertyId: d.gearboxPropertyId, values: ['Automatic'] },
      ],
      sort: 'relevance',
      page: 1,
    },
    { name: 'availability', type: 'Car', window: { from: d.bookedFrom, to: d.bookedTo }, sort: 'relevance', page: 1 },
    { name: 'type+category+fuel, page 3', type: 'Car', category: 'SUV', fuel: 'Diesel', sort: 'relevance', page: 3 },
    { name: 'nothing chosen', sort: 'relevance', page: 1 },
  ];
}

interface Engine {
  name: string;
  /** Total matches of the question, answering a page and its facets; `run` varies a price bound. */
  answer(q: Question, run: number): Promise<number | null>;
}

function indexEngine(index: VehicleIndex): Engine {
  return {
    name: 'index',
    answer(q, run) {
      const type = q.type ? index.findType({ name: q.type }) : undefined;
      const criteria: IndexCriteria = {
        typeId: type?.id,
        categoryIds: q.category ? index.findCategoryIds({ name: q.category }, type?.id) : undefined,
        makes: (q.makes ?? []).map((m) => m.toLowerCase()),
        colors: [],
        fuelType: q.fuel ? FUEL_TYPES.indexOf(q.fuel as (typeof FUEL_TYPES)[number]) : undefined,
        minPriceCents: q.minPriceCents,
        maxPriceCents: (q.maxPriceCents ?? 1_000_000_000) + run,
        words: q.words ?? [],
        availableFrom: q.window?.from,
        availableTo: q.window?.to,
        properties: q.properties ?? [],
      };
      const offset = (q.page - 1) * PAGE_SIZE;
      const result = index.search(criteria, { sort: q.sort, offset, limit: PAGE_SIZE }, type?.id);
      index.cardsJson(result.ids);
      return Promise.resolve(result.total);
    },
  };
}

const ORAMA_SCHEMA = {
  id: 'string',
  type: 'enum',
  category: 'enum',
  make: 'string',
  color: 'string',
  fuel: 'string',
  price: 'number',
  year: 'number',
  created: 'number',
  searchText: 'string',
  properties: 'enum[]',
} as const;

async function loadOrama(vehicles: IndexedVehicle[], names: { type: Map<number, string>; category: Map<number, string> }) {
  const db = create({ schema: ORAMA_SCHEMA });
  const docs = vehicles.map((v) => ({
    id: v.id,
    type: names.type.get(v.typeId) ?? '',
    category: names.category.get(v.categoryId) ?? '',
    make: v.make,
    color: v.color,
    fuel: FUEL_TYPES[v.fuelType] ?? 'None',
    price: v.priceCents,
    year: v.year,
    created: v.createdAtMs,
    searchText: v.searchText,
    properties: v.properties.map((p) => `${p.propertyId}=${p.value}`),
  }));
  await insertMultiple(db, docs, 5_000);
  return db;
}

function oramaEngine(db: AnyOrama): Engine {
  return {
    name: 'orama',
    async answer(q, run) {
      if (q.window) return null;
      const where: Record<string, unknown>[] = [];
      if (q.type) where.push({ type: { eq: q.type } });
      if (q.category) where.push({ category: { eq: q.category } });
      if (q.makes) where.push({ make: q.makes });
      if (q.fuel) where.push({ fuel: q.fuel });
      where.push({ price: { between: [q.minPriceCents ?? 0, (q.maxPriceCents ?? 1_000_000_000) + run] } });
      for (const p of q.properties ?? []) where.push({ properties: { containsAny: p.values.map((v) => `${p.propertyId}=${v}`) } });
      const sortBy =
        q.sort === 'price-asc'
          ? { property: 'price', order: 'ASC' as const }
          : q.sort === 'price-desc'
            ? { property: 'price', order: 'DESC' as const }
            : q.words
              ? undefined
              : { property: 'created', order: 'DESC' as const };
      const result = await oramaSearch(db, {
        ...(q.words ? { term: q.words.join(' '), properties: ['searchText'], tolerance: 1, threshold: 0 } : {}),
        where: { and: where },
        ...(sortBy ? { sortBy } : {}),
        facets: { make: { limit: 100 }, color: { limit: 100 }, fuel: { limit: 10 } },
        limit: PAGE_SIZE,
        offset: (q.page - 1) * PAGE_SIZE,
      } as never);
      return result.count;
    },
  };
}

/** Heap and typed-array memory after a full GC (twice, a moment apart: array buffers are freed after the GC that finds them dead). */
async function gcHeapMb(): Promise<{ heap: number; arrays: number }> {
  const gc = (globalThis as { gc?: () => void }).gc;
  gc?.();
  await new Promise((resolve) => setTimeout(resolve, 200));
  gc?.();
  const m = process.memoryUsage();
  return { heap: m.heapUsed / 2 ** 20, arrays: m.arrayBuffers / 2 ** 20 };
}

async function timeEngine(engine: Engine, qs: Question[]) {
  const rows: { name: string; total: number | null; p50: number; max: number }[] = [];
  for (const q of qs) {
    const times: number[] = [];
    let total: number | null = null;
    for (let run = 0; run < RUNS; run++) {
      const t0 = performance.now();
      total = await engine.answer(q, run);
      if (total === null) break;
      times.push(performance.now() - t0);
    }
    times.sort((a, b) => a - b);
    rows.push({ name: q.name, total, p50: times[Math.floor(times.length / 2)] ?? NaN, max: times.at(-1) ?? NaN });
  }
  return rows;
}

async function main() {
  const admin = new pg.Client({ connectionString: BASE_URL });
  await admin.connect();
  await admin.query(`create database ${DB_NAME}`);
  const url = new URL(BASE_URL);
  url.pathname = `/${DB_NAME}`;
  try {
    const database = await openDatabase({ databaseUrl: url.toString() });
    await database.migrate();
    const client = new pg.Client({ connectionString: url.toString() });
    await client.connect();
    const data = await generateSearchData(client, VEHICLES);
    await client.end();
    const horizon = new Date(Date.now() - 86_400_000).toISOString().slice(0, 10);
    const load = await createSearchFeed(database).loadAll(horizon);
    await database.close();
    const qs = questions(data);
    const names = {
      type: new Map(load.catalogue.types.map((t) => [t.id, t.name])),
      category: new Map(load.catalogue.categories.map((c) => [c.id, c.name])),
    };
    console.log(`${load.vehicles.length} vehicles read; ${RUNS} runs per body; Node ${process.version}\n`);

    const results: { engine: string; loadS: number; heapMb: number; arraysMb: number; rows: Awaited<ReturnType<typeof timeEngine>> }[] = [];
    for (const name of ENGINES) {
      const before = await gcHeapMb();
      const t0 = performance.now();
      let engine: Engine;
      if (name === 'index') {
        const index = new VehicleIndex();
        index.setCatalogue(load.catalogue);
        for (const v of load.vehicles) index.upsert(v);
        index.loaded?.();
        engine = indexEngine(index);
      } else {
        const db = await loadOrama(load.vehicles, names);
        engine = oramaEngine(db);
      }
      const loadS = (performance.now() - t0) / 1000;
      const after = await gcHeapMb();
      const rows = await timeEngine(engine, qs);
      results.push({ engine: name, loadS, heapMb: after.heap - before.heap, arraysMb: after.arrays - before.arrays, rows });
    }

    console.log('| engine | load (s) | heap (MB) | typed arrays (MB) |');
    console.log('|---|---|---|---|');
    for (const r of results) console.log(`| ${r.engine} | ${r.loadS.toFixed(2)} | ${r.heapMb.toFixed(0)} | ${r.arraysMb.toFixed(0)} |`);
    console.log(`\n| body | ${results.map((r) => `${r.engine} total | p50 ms | max ms`).join(' | ')} |`);
    console.log(`|---|${results.map(() => '---|---|---|').join('')}`);
    for (let i = 0; i < qs.length; i++) {
      const cells = results.map((r) => {
        const row = r.rows[i]!;
        return row.total === null ? 'n/a | | ' : `${row.total} | ${row.p50.toFixed(2)} | ${row.max.toFixed(2)}`;
      });
      console.log(`| ${qs[i]!.name} | ${cells.join(' | ')} |`);
    }
  } finally {
    await admin.query(`drop database if exists ${DB_NAME} with (force)`);
    await admin.end();
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
