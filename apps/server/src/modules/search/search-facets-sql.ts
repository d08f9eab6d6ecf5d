import { sql, type SQL } from 'drizzle-orm';
import { CARD_JOINS, CARD_JSON, orderBy, type BuiltConditions, type FacetKey, type SearchCriteria } from './search-sql';
import type { CardRow, PropertyFacetRow, SearchPage, SearchRows } from './search.repository';

export const FACETS: FacetKey[] = ['make', 'color', 'fuel', 'price', 'year'];

export function andList(parts: SQL[]): SQL {
  return parts.length ? sql.join(parts, sql` and `) : sql`true`;
}

export function nullableNumber(value: unknown): number | null {
  return value === null || value === undefined ? null : Number(value);
}

/**
 * One statement for a page of cards, the total and every facet: the rows passing the hard filters
 * are materialized once with a flag per selected facet, then counted by GROUPING SETS so each facet
 * leaves out its own flag. With `sampleRows`, only that many of those rows (in id order: a uniform
 * sample, ids being random UUIDs) are materialized and counted; the caller scales the counts.
 */
export function facetsStatement(criteria: SearchCriteria, built: BuiltConditions, page: SearchPage, sampleRows: number | undefined): SQL {
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

  return sql`
    with m as materialized (
      select v.id, v.make, v.model, v.color, v.fuel_type, v.price_per_day_cents as price, v.year_of_production as year,
        v.created_at, v.review_count, v.stars_total, ${built.rank} as rank
        ${flagColumns.length ? sql`, ${sql.join(flagColumns, sql`, `)}` : sql``}
      from vehicles v where ${built.hard}
      ${sampleRows !== undefined ? sql`order by v.id limit ${sampleRows}` : sql``}
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
      t.n_all as total, t.price_min, t.price_max, t.year_min, t.year_max, (select count(*)::int from m) as sampled,
      ${propertyFacets} as properties
    from agg t where t.gm = 1 and t.gc = 1 and t.gf = 1`;
}

/** The one row of `facetsStatement` as typed rows. */
export function toSearchRows(row: Record<string, unknown> | undefined): SearchRows {
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
}
