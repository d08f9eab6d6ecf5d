import { sql, type SQL } from 'drizzle-orm';
import type { VehicleSort } from '@rentdrive/contracts/search';
import type { Db, DbOrTx } from '../../db/client';
import { andList, FACETS, facetsStatement, nullableNumber, toSearchRows } from './search-facets-sql';
import {
  allConditions,
  buildConditions,
  CARD_JOINS,
  CARD_JSON,
  orderBy,
  usesSimilarity,
  type BuiltConditions,
  type FacetKey,
  type SearchCriteria,
} from './search-sql';

/** A card as the database gives it (cents, fuel id, star total); the service maps it to the wire. */
export interface CardRow {
  id: string;
  make: string;
  model: string;
  vehicleType: string;
  vehicleTypeCategory: string;
  yearOfProduction: number;
  priceCents: number;
  fuelType: number;
  imageURL: string | null;
  description: string;
  ownerName: string;
  starsTotal: number;
  reviewCount: number;
}

export interface PropertyFacetRow {
  propertyId: string;
  propertyName: string;
  valueType: number;
  unit: number;
  values: { value: string; count: number }[];
}

export interface SearchRows {
  items: CardRow[];
  total: number;
  makes: { name: string; count: number }[];
  colors: { name: string; count: number }[];
  fuels: { id: number; count: number }[];
  priceMinCents: number | null;
  priceMaxCents: number | null;
  yearMin: number | null;
  yearMax: number | null;
  properties: PropertyFacetRow[];
}

export interface SearchPage {
  sort: VehicleSort;
  limit: number;
  offset: number;
  /** The type whose property values to count; none skips the property facets. */
  propertyTypeId?: number;
}

/** Typo tolerance: 'toyta' against 'toyota' scores 0.5; the default 0.6 would miss it. */
const WORD_SIMILARITY_THRESHOLD = '0.45';

type Row = Record<string, unknown>;
async function rows(db: DbOrTx, query: SQL): Promise<Row[]> {
  const result = (await db.execute(query)) as unknown as { rows: Row[] };
  return result.rows;
}

/**
 * Above this many rows passing the hard filters (type, category, text, availability), the make,
 * color, fuel and property counts are estimated from a sample of that many of those rows (taken in
 * id order: ids are random UUIDs, so that is a uniform sample whatever the insertion order) and scaled
 * to the exact number of such rows. Total, page and the price/year bounds stay exact (one aggregate
 * pass without grouping). Counting every value of 50,000 rows, and joining them to their property
 * values, cost 150-300 ms a request; the estimate is within a few percent for any value with more
 * than 1 % of the matches (ADR 004).
 */
export const FACET_SAMPLE_ROWS = 2000;

type Run = (query: SQL) => Promise<Row[]>;

export function createSearchRepository(db: Db, options: { facetSampleRows?: number } = {}) {
  const sampleRows = options.facetSampleRows ?? FACET_SAMPLE_ROWS;

  /** Runs queries that may use `<%`, with the typo threshold set for their transaction only. */
  async function withSimilarity<T>(criteria: SearchCriteria, work: (run: Run) => Promise<T>): Promise<T> {
    if (!usesSimilarity(criteria)) return work((query) => rows(db, query));
    return db.transaction(async (tx) => {
      await tx.execute(sql`select set_config('pg_trgm.word_similarity_threshold', ${WORD_SIMILARITY_THRESHOLD}, true)`);
      return work((query) => rows(tx, query));
    });
  }

  /** A page of cards in the requested order, every filter applied. */
  function itemsQuery(criteria: SearchCriteria, built: BuiltConditions, page: Omit<SearchPage, 'propertyTypeId'>): SQL {
    const order = orderBy(page.sort, criteria.words.length > 0, 'x');
    return sql`
        select ${CARD_JSON} as card from (
          select x.* from (
            select v.id, v.make, v.model, v.price_per_day_cents as price, v.year_of_production as year, v.created_at,
              v.review_count, v.stars_total, ${built.rank} as rank
            from vehicles v where ${allConditions(built)}
          ) x order by ${order} limit ${page.limit} offset ${page.offset}
        ) x join vehicles v on v.id = x.id ${CARD_JOINS}
        order by ${order}`;
  }

  /**
   * Exact total and price/year bounds over every row passing the hard filters, without grouping. Each
   * facet condition is evaluated once per row (a flag), not once per aggregate. Every one of them
   * respects the property filters, so those go in WHERE (hashed semi-joins) rather than in each
   * FILTER (a lookup per row).
   */
  function exactTotalsQuery(built: BuiltConditions): SQL {
    const selected = FACETS.filter((k) => built.facets[k]);
    const flags = selected.map((k) => sql`${built.facets[k]} as ${sql.raw(`f_${k}`)}`);
    const others = (except?: FacetKey) => andList(selected.filter((k) => k !== except).map((k) => sql.raw(`x.f_${k}`)));
    // Without property filters the rows scanned are the hard matches: no second scan to count them.
    const hard = built.properties.length ? sql`(select count(*)::int from vehicles v where ${built.hard})` : sql`count(*)::int`;
    return sql`select ${hard} as hard,
        (count(*) filter (where ${others()}))::int as total,
        min(x.price) filter (where ${others('price')}) as price_min,
        max(x.price) filter (where ${others('price')}) as price_max,
        min(x.year) filter (where ${others('year')}) as year_min,
        max(x.year) filter (where ${others('year')}) as year_max
      from (
        select v.price_per_day_cents as price, v.year_of_production as year ${flags.length ? sql`, ${sql.join(flags, sql`, `)}` : sql``}
        from vehicles v where ${andList([built.hard, ...built.properties])}
      ) x`;
  }

  return {
    /**
     * A page of cards, the total and every facet. Up to FACET_SAMPLE_ROWS hard matches: one
     * statement (the matching rows materialized once with a flag per selected facet, counted by
     * GROUPING SETS so each facet leaves out its own flag). Above it: the same statement over a
     * sample for the value counts (scaled), one exact aggregate for total and bounds, and the page
     * query alone.
     */
    async search(criteria: SearchCriteria, page: SearchPage): Promise<SearchRows> {
      const built = buildConditions(criteria);
      return withSimilarity(criteria, async (run) => {
        // Text conditions cost a trigram check per candidate row: evaluated once, in one statement.
        if (criteria.words.length) return toSearchRows((await run(facetsStatement(criteria, built, page, undefined)))[0]);
        // The statement over at most sampleRows + 1 hard matches: when they all fit, that is the
        // whole (exact) answer; otherwise its counts are a sample and the rest is asked exactly.
        const [first] = await run(facetsStatement(criteria, built, page, sampleRows + 1));
        if (Number(first?.sampled ?? 0) <= sampleRows) return toSearchRows(first);
        const sampleSize = Number(first?.sampled);
        const sampled = toSearchRows(first);
        const [exact] = await run(exactTotalsQuery(built));
        const items = page.limit > 0 ? (await run(itemsQuery(criteria, built, page))).map((r) => r.card as CardRow) : [];
        const scale = (count: number) => Math.round((count * Number(exact?.hard ?? 0)) / sampleSize);
        return {
          items,
          total: Number(exact?.total ?? 0),
          makes: sampled.makes.map((m) => ({ ...m, count: scale(m.count) })),
          colors: sampled.colors.map((c) => ({ ...c, count: scale(c.count) })),
          fuels: sampled.fuels.map((f) => ({ ...f, count: scale(f.count) })),
          priceMinCents: nullableNumber(exact?.price_min),
          priceMaxCents: nullableNumber(exact?.price_max),
          yearMin: nullableNumber(exact?.year_min),
          yearMax: nullableNumber(exact?.year_max),
          properties: sampled.properties.map((p) => ({ ...p, values: p.values.map((v) => ({ ...v, count: scale(v.count) })) })),
        };
      });
    },

    /** Only a page of cards (the facets of these filters are known already): no counting pass. */
    async items(criteria: SearchCriteria, page: Omit<SearchPage, 'propertyTypeId'>): Promise<CardRow[]> {
      const built = buildConditions(criteria);
      return withSimilarity(criteria, async (run) => (await run(itemsQuery(criteria, built, page))).map((r) => r.card as CardRow));
    },

    /** Ids of every matching vehicle, by make then model (the existing client narrows /all with them). */
    async filterIds(criteria: SearchCriteria): Promise<string[]> {
      const where = allConditions(buildConditions(criteria));
      const result = await withSimilarity(criteria, (run) => run(sql`select v.id from vehicles v where ${where} order by v.make, v.model, v.id`));
      return result.map((r) => String(r.id));
    },

    /** Cards in the given order; `criteria` narrows them (text search) and `rankFirst` sorts by relevance. */
    async cards(options: { criteria?: SearchCriteria; order: 'newest' | 'relevance'; limit?: number }): Promise<CardRow[]> {
      const built = options.criteria ? buildConditions(options.criteria) : undefined;
      const where = built ? allConditions(built) : sql`v.deleted_at is null`;
      const order =
        options.order === 'relevance' && built
          ? sql`${built.rank} desc, v.make, v.model, v.id`
          : sql`v.created_at desc, v.id`;
      const query = sql`select ${CARD_JSON} as card from vehicles v ${CARD_JOINS} where ${where} order by ${order}
        ${options.limit !== undefined ? sql`limit ${options.limit}` : sql``}`;
      const result = options.criteria ? await withSimilarity(options.criteria, (run) => run(query)) : await rows(db, query);
      return result.map((r) => r.card as CardRow);
    },

    /** The search data version (migration 0006): changes whenever anything a search shows changes. */
    async dataVersion(): Promise<string> {
      const [row] = await rows(db, sql`select last_value::text || (case when is_called then '+' else '' end) as v from search_data_version`);
      return String(row?.v ?? '0');
    },

    async countLive(): Promise<number> {
      const [row] = await rows(db, sql`select count(*)::int as n from vehicles where deleted_at is null`);
      return Number(row?.n ?? 0);
    },

    /** Live types matching an id or a case-insensitive name. */
    async findType(ref: { id?: number; name?: string }): Promise<{ id: number; name: string } | undefined> {
      const where = ref.id !== undefined ? sql`id = ${ref.id}` : sql`lower(name) = lower(${ref.name ?? ''})`;
      const [row] = await rows(db, sql`select id, name from vehicle_types where deleted_at is null and ${where} limit 1`);
      return row ? { id: Number(row.id), name: String(row.name) } : undefined;
    },

    /** Ids of live categories matching an id or name, within a type when given. */
    async findCategoryIds(ref: { id?: number; name?: string }, typeId?: number): Promise<number[]> {
      const where = ref.id !== undefined ? sql`id = ${ref.id}` : sql`lower(name) = lower(${ref.name ?? ''})`;
      const inType = typeId !== undefined ? sql`and vehicle_type_id = ${typeId}` : sql``;
      const result = await rows(db, sql`select id from vehicle_type_categories where deleted_at is null and ${where} ${inType}`);
      return result.map((r) => Number(r.id));
    },

    /** Which of these property ids exist (live). */
    async findPropertyIds(ids: string[]): Promise<string[]> {
      if (!ids.length) return [];
      const result = await rows(
        db,
        sql`select id from vehicle_type_properties where deleted_at is null and id in (${sql.join(ids.map((id) => sql`${id}::uuid`), sql`, `)})`,
      );
      return result.map((r) => String(r.id));
    },
  };
}

export type SearchRepository = ReturnType<typeof createSearchRepository>;
