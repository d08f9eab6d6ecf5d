import { FUEL_TYPES, parseEnum, UNITS, VALUE_TYPES } from '@rentdrive/contracts/enums';
import {
  RECENT_VEHICLES_DEFAULT,
  SEARCH_PAGE_SIZE_DEFAULT,
  SearchMessages,
  type BaseFilterProperties,
  type FilterBody,
  type PropertyValueFilter,
  type PropertyValues,
  type SearchBody,
  type SearchResult,
  type VehicleCard,
} from '@rentdrive/contracts/search';
import { eurosToCents, centsToEuros } from '@rentdrive/domain/money';
import { AppError } from '../../lib/app-error';
import type { Clock } from '../../lib/clock';
import { noSearchCache, type SearchCache } from './search-cache';
import type { CardRow, PropertyFacetRow, SearchRepository } from './search.repository';
import type { SearchCriteria } from './search-sql';

/** At most this many words of a query count (the 200-character limit already bounds it). */
const MAX_QUERY_WORDS = 8;
/** The text search answers the best matches, not the whole catalogue. */
const TEXT_SEARCH_LIMIT = 100;
/** SPEC 9: the year filter's default lower end, when nothing is listed yet. */
const DEFAULT_MIN_YEAR = 1970;
const MAX_AVAILABILITY_DAYS = 366;

type CatalogueRef = number | string | null | undefined;

/** JSON text of a T, sent as is (cached answers are kept serialized). */
export type JsonText<T> = string & { readonly __jsonOf?: T };

export function createSearchService(deps: { repository: SearchRepository; clock: Clock; cache?: SearchCache }) {
  const { repository, clock } = deps;
  const cache = deps.cache ?? noSearchCache;

  /** Computations under way, so identical concurrent requests share one query (a cold popular page). */
  const inFlight = new Map<string, Promise<string>>();

  /**
   * The answer as JSON text, cached while the data version is unchanged (a hit costs one tiny query
   * and no serialization); otherwise computed once, however many identical requests are waiting.
   */
  async function cachedJson<T>(key: string, compute: (version: string) => Promise<T>): Promise<JsonText<T>> {
    const version = await repository.dataVersion();
    const hit = cache.get<string>(key, version);
    if (hit !== undefined) return hit;
    const flightKey = `${version}\u0000${key}`;
    const running = inFlight.get(flightKey);
    if (running) return running;
    const promise = compute(version)
      .then((value) => {
        const json = JSON.stringify(value);
        cache.set(key, version, json);
        return json;
      })
      .finally(() => inFlight.delete(flightKey));
    inFlight.set(flightKey, promise);
    return promise;
  }

  async function resolveType(ref: CatalogueRef): Promise<{ id: number; name: string } | undefined> {
    const parsed = parseRef(ref);
    if (!parsed) return undefined;
    const type = await repository.findType(parsed);
    if (!type) throw AppError.validation(SearchMessages.unknownType, { vehicleTypeId: [SearchMessages.unknownType] });
    return type;
  }

  async function resolveCategories(ref: CatalogueRef, typeId: number | undefined): Promise<number[] | undefined> {
    const parsed = parseRef(ref);
    if (!parsed) return undefined;
    const ids = await repository.findCategoryIds(parsed, typeId);
    if (!ids.length) throw AppError.validation(SearchMessages.unknownCategory, { vehicleTypeCategoryId: [SearchMessages.unknownCategory] });
    return ids;
  }

  /** Turns a request body into criteria: names and ids resolved, euros to cents, 'None' fuel dropped. */
  async function toCriteria(body: FilterBody & Partial<Pick<SearchBody, 'availableFrom' | 'availableTo'>>): Promise<{
    criteria: SearchCriteria;
    typeId?: number;
  }> {
    const type = await resolveType(body.vehicleTypeId);
    const categoryIds = await resolveCategories(body.vehicleTypeCategoryId, type?.id);
    let fuelType: number | undefined;
    if (body.fuelType !== undefined && body.fuelType !== null && body.fuelType !== '') {
      fuelType = parseEnum(FUEL_TYPES, body.fuelType);
      if (fuelType === undefined) throw AppError.validation(SearchMessages.unknownFuel, { fuelType: [SearchMessages.unknownFuel] });
      if (fuelType === 0) fuelType = undefined; // SPEC 5: fuel 'None' is not a filter
    }
    const properties = (body.properties ?? []).filter((p) => p.values.length > 0);
    const found = new Set(await repository.findPropertyIds(properties.map((p) => p.propertyId.toLowerCase())));
    if (properties.some((p) => !found.has(p.propertyId.toLowerCase()))) {
      throw AppError.validation(SearchMessages.unknownProperty, { properties: [SearchMessages.unknownProperty] });
    }
    const { availableFrom, availableTo } = availabilityWindow(body.availableFrom, body.availableTo);
    const criteria: SearchCriteria = {
      typeId: type?.id,
      categoryIds,
      makes: lowerNames(body.makes),
      colors: lowerNames(body.colors),
      fuelType,
      minPriceCents: body.minPrice != null ? eurosToCents(body.minPrice) : undefined,
      maxPriceCents: body.maxPrice != null ? eurosToCents(body.maxPrice) : undefined,
      minYear: body.minYear ?? undefined,
      maxYear: body.maxYear ?? undefined,
      words: queryWords(body.searchQuery),
      availableFrom,
      availableTo,
      properties: properties.map((p) => ({ propertyId: p.propertyId.toLowerCase(), values: propertyValueForms(p.values) })),
    };
    return { criteria, typeId: type?.id };
  }

  /**
   * A page with its facets in one statement; when the facets of the same filters are cached (another
   * page or sort of them), only the page is queried, which skips the counting pass.
   */
  async function searchNow(body: SearchBody, version: string): Promise<SearchResult> {
    const { criteria, typeId } = await toCriteria(body);
    const page = body.page ?? 1;
    const pageSize = body.pageSize ?? SEARCH_PAGE_SIZE_DEFAULT;
    const sort = body.sort ?? 'relevance';
    const facetsKey = `facets:${JSON.stringify({ ...body, page: null, pageSize: null, sort: null })}`;
    const known = cache.get<Pick<SearchResult, 'total' | 'facets'>>(facetsKey, version);
    if (known) {
      const items = await repository.items(criteria, { sort, limit: pageSize, offset: (page - 1) * pageSize });
      return { items: items.map(toCard), total: known.total, page, pageSize, facets: known.facets };
    }
    const rows = await repository.search(criteria, { sort, limit: pageSize, offset: (page - 1) * pageSize, propertyTypeId: typeId });
    const result: SearchResult = {
      items: rows.items.map(toCard),
      total: rows.total,
      page,
      pageSize,
      facets: {
        makes: rows.makes,
        colors: rows.colors,
        fuelTypes: rows.fuels.map((f) => ({ id: f.id, name: FUEL_TYPES[f.id] ?? 'None', count: f.count })),
        price: {
          min: rows.priceMinCents === null ? null : centsToEuros(rows.priceMinCents),
          max: rows.priceMaxCents === null ? null : centsToEuros(rows.priceMaxCents),
        },
        year: { min: rows.yearMin, max: rows.yearMax },
        properties: rows.properties.map(toPropertyValues),
      },
    };
    cache.set(facetsKey, version, { total: result.total, facets: result.facets });
    return result;
  }

  async function baseFilterPropertiesNow(query: { vehicleTypeId?: CatalogueRef; vehicleTypeCategoryId?: CatalogueRef }): Promise<BaseFilterProperties> {
    const { criteria } = await toCriteria({ vehicleTypeId: query.vehicleTypeId, vehicleTypeCategoryId: query.vehicleTypeCategoryId });
    const rows = await repository.search(criteria, { sort: 'newest', limit: 0, offset: 0 });
    const thisYear = Number(clock.now().toISOString().slice(0, 4));
    return {
      makes: rows.makes,
      colors: rows.colors,
      fuelTypes: rows.fuels.filter((f) => f.count > 0).map((f) => ({ id: f.id, name: FUEL_TYPES[f.id] ?? 'None' })),
      minPrice: rows.priceMinCents === null ? 0 : centsToEuros(rows.priceMinCents),
      maxPrice: rows.priceMaxCents === null ? 0 : centsToEuros(rows.priceMaxCents),
      minYearOfProduction: rows.yearMin ?? DEFAULT_MIN_YEAR,
      maxYearOfProduction: rows.yearMax ?? thisYear,
    };
  }

  async function propertyValueFilterNow(typeRef: string): Promise<PropertyValueFilter> {
    const parsed = parseRef(typeRef);
    const type = parsed ? await repository.findType(parsed) : undefined;
    if (!type) throw AppError.notFound(SearchMessages.unknownType);
    const criteria: SearchCriteria = { typeId: type.id, makes: [], colors: [], words: [], properties: [] };
    const rows = await repository.search(criteria, { sort: 'newest', limit: 0, offset: 0, propertyTypeId: type.id });
    return { typeId: type.id, name: type.name, properties: rows.properties.map(toPropertyValues) };
  }

  return {
    search(body: SearchBody): Promise<JsonText<SearchResult>> {
      return cachedJson(`search:${JSON.stringify(body)}`, (version) => searchNow(body, version));
    },

    async filterIds(body: FilterBody): Promise<string[]> {
      const { criteria } = await toCriteria(body);
      return repository.filterIds(criteria);
    },

    textSearch(searchQuery: string | undefined): Promise<JsonText<VehicleCard[]>> {
      const words = queryWords(searchQuery);
      if (!words.length) return Promise.resolve('[]');
      return cachedJson(`text:${JSON.stringify(words)}`, async () => {
        const criteria: SearchCriteria = { makes: [], colors: [], words, properties: [] };
        const rows = await repository.cards({ criteria, order: 'relevance', limit: TEXT_SEARCH_LIMIT });
        return rows.map(toCard);
      });
    },

    async all(): Promise<VehicleCard[]> {
      return (await repository.cards({ order: 'newest' })).map(toCard);
    },

    recent(count = RECENT_VEHICLES_DEFAULT): Promise<JsonText<VehicleCard[]>> {
      return cachedJson(`recent:${count}`, async () => (await repository.cards({ order: 'newest', limit: count })).map(toCard));
    },

    activeListings(): Promise<JsonText<number>> {
      return cachedJson('active', () => repository.countLive());
    },

    baseFilterProperties(query: { vehicleTypeId?: CatalogueRef; vehicleTypeCategoryId?: CatalogueRef }): Promise<JsonText<BaseFilterProperties>> {
      return cachedJson(`base:${JSON.stringify(query)}`, () => baseFilterPropertiesNow(query));
    },

    propertyValueFilter(typeRef: string): Promise<JsonText<PropertyValueFilter>> {
      return cachedJson(`props:${typeRef.toLowerCase()}`, () => propertyValueFilterNow(typeRef));
    },
  };
}

export type SearchService = ReturnType<typeof createSearchService>;

function parseRef(ref: CatalogueRef): { id?: number; name?: string } | undefined {
  if (ref === null || ref === undefined) return undefined;
  if (typeof ref === 'number') return { id: ref };
  const text = ref.trim();
  if (text === '') return undefined;
  return /^\d+$/.test(text) && text.length <= 9 ? { id: Number(text) } : { name: text };
}

function lowerNames(names: readonly string[] | null | undefined): string[] {
  return [...new Set((names ?? []).map((n) => n.trim().toLowerCase()).filter(Boolean))];
}

/** Lower-cased distinct words of the query, at most MAX_QUERY_WORDS. */
export function queryWords(query: string | null | undefined): string[] {
  const words = (query ?? '').toLowerCase().split(/\s+/).filter(Boolean);
  return [...new Set(words)].slice(0, MAX_QUERY_WORDS);
}

/** Values are stored as text ('true', '4', 'Manual'); a value matches as sent or in that stored form. */
function propertyValueForms(values: readonly (string | number | boolean)[]): string[] {
  const forms = new Set<string>();
  for (const value of values) {
    const text = String(value).trim();
    forms.add(text);
    const lower = text.toLowerCase();
    if (lower === 'true' || lower === 'false') forms.add(lower);
    if (text !== '' && Number.isFinite(Number(text))) forms.add(String(Number(text)));
  }
  return [...forms];
}

function availabilityWindow(from: string | null | undefined, to: string | null | undefined) {
  const availableFrom = from ?? to ?? undefined;
  const availableTo = to ?? from ?? undefined;
  if (!availableFrom || !availableTo) return {};
  const fromMs = Date.parse(`${availableFrom}T00:00:00Z`);
  const toMs = Date.parse(`${availableTo}T00:00:00Z`);
  if (Number.isNaN(fromMs) || Number.isNaN(toMs) || !isRealDay(availableFrom) || !isRealDay(availableTo)) {
    throw AppError.validation(SearchMessages.dateInvalid, { availableFrom: [SearchMessages.dateInvalid] });
  }
  if (fromMs > toMs) throw AppError.validation(SearchMessages.dateRange, { availableFrom: [SearchMessages.dateRange] });
  if ((toMs - fromMs) / 86_400_000 >= MAX_AVAILABILITY_DAYS) {
    throw AppError.validation(SearchMessages.dateWindow, { availableTo: [SearchMessages.dateWindow] });
  }
  return { availableFrom, availableTo };
}

function isRealDay(day: string): boolean {
  return new Date(`${day}T00:00:00Z`).toISOString().slice(0, 10) === day;
}

function toCard(row: CardRow): VehicleCard {
  return {
    id: row.id,
    make: row.make,
    model: row.model,
    vehicleType: row.vehicleType,
    vehicleTypeCategory: row.vehicleTypeCategory,
    yearOfProduction: row.yearOfProduction,
    pricePerDay: centsToEuros(row.priceCents),
    fuelType: FUEL_TYPES[row.fuelType] ?? 'None',
    imageURL: row.imageURL,
    description: row.description,
    ownerName: row.ownerName,
    starsRating: row.reviewCount > 0 ? Math.round((row.starsTotal / row.reviewCount) * 100) / 100 : 0,
    reviewCount: row.reviewCount,
  };
}

function toPropertyValues(row: PropertyFacetRow): PropertyValues {
  const unit = UNITS[row.unit] ?? 'None';
  return {
    propertyId: row.propertyId,
    propertyName: row.propertyName,
    valueType: VALUE_TYPES[row.valueType] ?? 'String',
    propertyValues: row.values.map((v) => ({ propertyValue: v.value, unitOfMeasurement: unit, count: v.count })),
  };
}
