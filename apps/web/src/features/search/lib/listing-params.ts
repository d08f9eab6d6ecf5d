import type { SearchBody } from '@rentdrive/contracts/search';
import { SEARCH_SORTS, type SearchSort } from '@rentdrive/contracts/search-constants';

/**
 * Every listing filter lives in the URL (bookmark, reload, back/forward restore it). The spec's
 * params are type, category and fuel, by name; the rest are ours. Repeated params hold lists
 * (make=Audi&make=BMW); a property's values are `p.<propertyId>=value`.
 */
export interface ListingFilters {
  type?: string;
  category?: string;
  fuel?: string;
  makes: string[];
  colors: string[];
  minPrice?: number;
  maxPrice?: number;
  minYear?: number;
  maxYear?: number;
  q?: string;
  /** Issue 26: the place ('lat,lng'), its name, the radius in km (none: anywhere) and the map's area ('west,south,east,north'). */
  near?: string;
  place?: string;
  radius?: number;
  area?: string;
  sort: SearchSort;
  page: number;
  from?: string;
  to?: string;
  /** propertyId -> chosen values */
  properties: Record<string, string[]>;
}

/** Cards per listing page. */
export const LISTING_PAGE_SIZE = 24;

const PROPERTY_PREFIX = 'p.';
const DAY = /^\d{4}-\d{2}-\d{2}$/;

function text(params: URLSearchParams, key: string): string | undefined {
  const value = params.get(key)?.trim();
  return value ? value : undefined;
}

function num(params: URLSearchParams, key: string): number | undefined {
  const value = params.get(key);
  if (value === null || value.trim() === '') return undefined;
  const n = Number(value);
  return Number.isFinite(n) && n >= 0 ? n : undefined;
}

function distinct(values: string[]): string[] {
  return [...new Set(values.map((v) => v.trim()).filter(Boolean))];
}

export function parseListingParams(params: URLSearchParams): ListingFilters {
  const sort = params.get('sort');
  const page = Number(params.get('page'));
  const properties: Record<string, string[]> = {};
  for (const key of new Set(params.keys())) {
    if (!key.startsWith(PROPERTY_PREFIX)) continue;
    const values = distinct(params.getAll(key));
    if (values.length) properties[key.slice(PROPERTY_PREFIX.length)] = values;
  }
  const from = text(params, 'from');
  const to = text(params, 'to');
  const fuel = text(params, 'fuel');
  return {
    type: text(params, 'type'),
    category: text(params, 'category'),
    // Fuel 'None' is not a filter.
    fuel: fuel && fuel.toLowerCase() !== 'none' ? fuel : undefined,
    makes: distinct(params.getAll('make')),
    colors: distinct(params.getAll('color')),
    minPrice: num(params, 'minPrice'),
    maxPrice: num(params, 'maxPrice'),
    minYear: num(params, 'minYear'),
    maxYear: num(params, 'maxYear'),
    q: text(params, 'q'),
    near: text(params, 'near'),
    place: text(params, 'place'),
    radius: num(params, 'radius'),
    area: text(params, 'area'),
    sort: SEARCH_SORTS.includes(sort as SearchSort) ? (sort as SearchSort) : 'relevance',
    page: Number.isInteger(page) && page >= 1 ? page : 1,
    from: from && DAY.test(from) ? from : undefined,
    to: to && DAY.test(to) ? to : undefined,
    properties,
  };
}

/** The URL of a filter state; defaults (relevance, page 1, empty lists) are left out. */
export function toListingParams(filters: ListingFilters): URLSearchParams {
  const params = new URLSearchParams();
  if (filters.type) params.set('type', filters.type);
  if (filters.category) params.set('category', filters.category);
  if (filters.fuel) params.set('fuel', filters.fuel);
  for (const make of filters.makes) params.append('make', make);
  for (const color of filters.colors) params.append('color', color);
  if (filters.minPrice !== undefined) params.set('minPrice', String(filters.minPrice));
  if (filters.maxPrice !== undefined) params.set('maxPrice', String(filters.maxPrice));
  if (filters.minYear !== undefined) params.set('minYear', String(filters.minYear));
  if (filters.maxYear !== undefined) params.set('maxYear', String(filters.maxYear));
  if (filters.q) params.set('q', filters.q);
  for (const key of ['near', 'place', 'radius', 'area'] as const) if (filters[key]) params.set(key, String(filters[key]));
  if (filters.from) params.set('from', filters.from);
  if (filters.to) params.set('to', filters.to);
  for (const [propertyId, values] of Object.entries(filters.properties)) {
    for (const value of values) params.append(`${PROPERTY_PREFIX}${propertyId}`, value);
  }
  if (filters.sort !== 'relevance') params.set('sort', filters.sort);
  if (filters.page > 1) params.set('page', String(filters.page));
  return params;
}

/** Numbers of a comma list ('52.52,13.4'); [] when any is not a number. */
function numbers(value = ''): number[] {
  const list = value.split(',').map(Number);
  return list.every(Number.isFinite) ? list : [];
}

/** The POST /api/vehicle/search body of a filter state. */
export function toSearchBody(filters: ListingFilters, pageSize: number): SearchBody {
  const [lat, lng] = numbers(filters.near);
  const [west, south, east, north] = numbers(filters.area);
  const properties = Object.entries(filters.properties).map(([propertyId, values]) => ({ propertyId, values }));
  return {
    vehicleTypeId: filters.type ?? null,
    vehicleTypeCategoryId: filters.category ?? null,
    fuelType: filters.fuel ?? null,
    makes: filters.makes,
    colors: filters.colors,
    minPrice: filters.minPrice ?? null,
    maxPrice: filters.maxPrice ?? null,
    minYear: filters.minYear ?? null,
    maxYear: filters.maxYear ?? null,
    searchQuery: filters.q ?? null,
    properties,
    availableFrom: filters.from ?? null,
    availableTo: filters.to ?? null,
    // Without a radius ('Anywhere') the point still measures: the distance sort and the cards' distances.
    near: lat !== undefined && lng !== undefined ? { lat, lng, ...(filters.radius && { radiusKm: filters.radius }) } : null,
    bounds: north !== undefined && west !== undefined && south !== undefined && east !== undefined ? { north, south, east, west } : null,
    sort: filters.sort,
    page: filters.page,
    pageSize,
  };
}

/** A change to any filter but the page sends the user back to page 1. */
export function withFilters(current: ListingFilters, change: Partial<ListingFilters>): ListingFilters {
  return { ...current, page: 1, ...change };
}

/**
 * The home page's 'Search Now' target: type, category and fuel by name; fuel omitted when 'None'; the
 * optional days as the listing's availability filter (`from`, `to`).
 */
export function homeSearchUrl(choice: { type?: string; category?: string; fuel?: string; from?: string; to?: string }): string {
  const params = toListingParams({
    ...parseListingParams(new URLSearchParams()),
    ...choice,
    fuel: choice.fuel?.toLowerCase() === 'none' ? undefined : choice.fuel,
  });
  const query = params.toString();
  return query ? `/listing?${query}` : '/listing';
}

/** The active listing count is shown rounded down to a multiple of 10. */
export function roundedListingCount(count: number): number {
  return Math.max(0, Math.floor(count / 10) * 10);
}
