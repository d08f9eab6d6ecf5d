import { sql, type SQL } from 'drizzle-orm';
import type { VehicleSort } from '@rentdrive/contracts/search';
import type { Db, DbOrTx } from '../../db/client';
import {
  allConditions,
  buildConditions,
  CARD_JOINS,
  CARD_JSON,
  orderBy,
  usesSimilarity,
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
const FACETS: FacetKey[] = ['make', 'color', 'fuel', 'price', 'year'];

type Row = Record<string, unknown>;
async function rows(db: DbOrTx, query: SQL): Promise<Row[]> {
  const result = (await db.execute(query)) as unknown as { rows: Row[] };
  return result.rows;
}

export function createSearchRepository(db: Db) {
  /** Runs a query that may use `<%`, with the typo threshold set for its transaction only. */
  async function withSimilarity(criteria: SearchCriteria, query: SQL): Promise<Row[]> {
    if (!usesSimilarity(criteria)) return rows(db, query);
    return db.transaction(async (tx) => {
      await tx.execute(sql`select set_config('pg_trgm.word_similarity_threshold', ${WORD_SIMILARITY_THRESHOLD}, true)`);
      return rows(tx, query);
    });
  }

  return {
    /**
     * One statement for a page of cards, the total and every facet: the matching rows are
     * materialized once with a flag per selected facet, then counted by GROUPING SETS so each
     * facet leaves out its own flag.
     */
    async search(criteria: SearchCriteria, page: SearchPage): Promise<SearchRows> {
      const built = buildConditions(criteria);
      const flagColumns: SQL[] = [];
      for (const key of FACETS) {
        const condition = built.facets[key];
        if (condition) flagColumns.push(sql`${condition} as ${sql.raw(`f_${key}`)}`);
      }
      built.properties.forEach((condition, i) => flagColumns.push(sql`${condition} as ${sql.raw(`f_p${i}`)}`));
      const flag = (name: string) => sql.raw(`x.f_${name}`);
      const facetFlags = (except?: FacetKey) => FACETS.filter((k) => k !== except && built.facets[k]).map((k) => flag(k));
      const propertyFlags = (except?: number) => built.properties.map((_, i) => i).filter((i) => i !== except).map((i) => flag(`p${i}`));
      const all = (except?: FacetKey) => andList([...facetFlags(except), ...propertyFlags()]);
      const hasText = criteria.words.length > 0;
      const order = orderBy(page.sort, hasText, 'x');

      // A property's value counts leave out that property's own selection.
      const propertyCountFilter = built.properties.length
        ? sql`case ${sql.join(
            criteria.properties.map((p, i) => sql`when pv.property_id = ${p.propertyId} then ${andList([...facetFlags(), ...propertyFlags(i)])}`),
            sql` `,
          )} else ${all()} end`
        : all();
      const propertyFacets =
        page.propertyTypeId === undefined
          ? sql`'[]'::json`
          : sql`(select coalesce(json_agg(json_build_object('propertyId', p.id, 'propertyName', p.name, 'valueType', p.value_type,
              'unit', p.unit_of_measurement, 'values', coalesce(pc.values, '[]'::json)) order by p.name), '[]'::json)
            from vehicle_type_properties p
            left join (
              select pf.property_id, json_agg(json_build_object('value', pf.value, 'count', pf.n)
                order by (case when pf.value ~ '^-?[0-9]+([.][0-9]+)?$' then pf.value::numeric end) nulls last, pf.value) as values
              from (
                select pv.property_id, pv.value, (count(*) filter (where ${propertyCountFilter}))::int as n
                from m x join vehicle_property_values pv on pv.vehicle_id = x.id
                group by pv.property_id, pv.value
              ) pf group by pf.property_id
            ) pc on pc.property_id = p.id
            where p.vehicle_type_id = ${page.propertyTypeId} and p.deleted_at is null)`;

      const query = sql`
        with m as materialized (
          select v.id, v.make, v.model, v.color, v.fuel_type, v.price_per_day_cents as price, v.year_of_production as year,
            v.created_at, v.review_count, v.stars_total, ${built.rank} as rank
            ${flagColumns.length ? sql`, ${sql.join(flagColumns, sql`, `)}` : sql``}
          from vehicles v where ${built.hard}
        ),
        agg as (
          select x.make, x.color, x.fuel_type, grouping(x.make) as gm, grouping(x.color) as gc, grouping(x.fuel_type) as gf,
            (count(*) filter (where ${all('make')}))::int as n_make,
            (count(*) filter (where ${all('color')}))::int as n_color,
            (count(*) filter (where ${all('fuel')}))::int as n_fuel,
            (count(*) filter (where ${all()}))::int as n_all,
            min(x.price) filter (where ${all('price')}) as price_min, max(x.price) filter (where ${all('price')}) as price_max,
            min(x.year) filter (where ${all('year')}) as year_min, max(x.year) filter (where ${all('year')}) as year_max
          from m x group by grouping sets ((x.make), (x.color), (x.fuel_type), ())
        ),
        page as (
          select x.* from m x where ${all()} order by ${order} limit ${page.limit} offset ${page.offset}
        )
        select
          (select coalesce(json_agg(${CARD_JSON} order by ${orderBy(page.sort, hasText, 'x')}), '[]'::json)
             from page x join vehicles v on v.id = x.id ${CARD_JOINS}) as items,
          (select coalesce(json_agg(json_build_object('name', a.make, 'count', a.n_make) order by a.make), '[]'::json)
             from agg a where a.gm = 0) as makes,
          (select coalesce(json_agg(json_build_object('name', a.color, 'count', a.n_color) order by a.color), '[]'::json)
             from agg a where a.gc = 0) as colors,
          (select coalesce(json_agg(json_build_object('id', a.fuel_type, 'count', a.n_fuel) order by a.fuel_type), '[]'::json)
             from agg a where a.gf = 0) as fuels,
          t.n_all as total, t.price_min, t.price_max, t.year_min, t.year_max,
          ${propertyFacets} as properties
        from agg t where t.gm = 1 and t.gc = 1 and t.gf = 1`;
      const [row] = await withSimilarity(criteria, query);
      const r = row ?? {};
      return {
        items: (r.items as CardRow[] | undefined) ?? [],
        total: Number(r.total ?? 0),
        makes: (r.makes as SearchRows['makes'] | undefined) ?? [],
        colors: (r.colors as SearchRows['colors'] | undefined) ?? [],
        fuels: (r.fuels as SearchRows['fuels'] | undefined) ?? [],
        priceMinCents: nullableNumber(r.price_min),
        priceMaxCents: nullableNumber(r.price_max),
        yearMin: nullableNumber(r.year_min),
        yearMax: nullableNumber(r.year_max),
        properties: (r.properties as PropertyFacetRow[] | undefined) ?? [],
      };
    },

    /** Only a page of cards (the facets of these filters are known already): no counting pass. */
    async items(criteria: SearchCriteria, page: Omit<SearchPage, 'propertyTypeId'>): Promise<CardRow[]> {
      const built = buildConditions(criteria);
      const order = orderBy(page.sort, criteria.words.length > 0, 'x');
      const query = sql`
        select ${CARD_JSON} as card from (
          select x.* from (
            select v.id, v.make, v.model, v.price_per_day_cents as price, v.year_of_production as year, v.created_at,
              v.review_count, v.stars_total, ${built.rank} as rank
            from vehicles v where ${allConditions(built)}
          ) x order by ${order} limit ${page.limit} offset ${page.offset}
        ) x join vehicles v on v.id = x.id ${CARD_JOINS}
        order by ${order}`;
      return (await withSimilarity(criteria, query)).map((r) => r.card as CardRow);
    },

    /** Ids of every matching vehicle, by make then model (the existing client narrows /all with them). */
    async filterIds(criteria: SearchCriteria): Promise<string[]> {
      const where = allConditions(buildConditions(criteria));
      const result = await withSimilarity(criteria, sql`select v.id from vehicles v where ${where} order by v.make, v.model, v.id`);
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
      const result = options.criteria ? await withSimilarity(options.criteria, query) : await rows(db, query);
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

function andList(parts: SQL[]): SQL {
  return parts.length ? sql.join(parts, sql` and `) : sql`true`;
}

function nullableNumber(value: unknown): number | null {
  return value === null || value === undefined ? null : Number(value);
}
