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
import { addDays } from '@rentdrive/domain/dates';
import { eurosToCents, centsToEuros } from '@rentdrive/domain/money';
import { meanStars } from '@rentdrive/domain/stars';
import { AppError } from '../../lib/app-error';
import type { Clock } from '../../lib/clock';
import type { CardFields } from './index/index-types';
import type { IndexCriteria, IndexFacets, IndexPage, PropertyFacet, VehicleIndex } from './index/vehicle-index';
import { noSearchCache, type SearchCache } from './search-cache';
import type { FeedSnapshot, SearchFeed } from './sync/search-feed';
import type { SearchSync } from './sync/search-sync';

/** At most this many words of a query count (the 200-character limit already bounds it). */
const MAX_QUERY_WORDS = 8;
/** The text search answers the best matches, not the whole catalogue. */
const TEXT_SEARCH_LIMIT = 100;
/** The year filter's default lower end, when nothing is listed yet. */
const DEFAULT_MIN_YEAR = 1970;
const MAX_AVAILABILITY_DAYS = 366;
/** How long a search waits for the index's first load before answering 503. */
const READY_WAIT_MS = 10_000;
const SEARCH_UNAVAILABLE = 'Search is unavailable right now. Please try again in a moment.';

type CatalogueRef = number | string | null | undefined;

/** JSON text of a T, sent as is (cached answers are kept serialized). */
export type JsonText<T> = string & { readonly __jsonOf?: T };

export interface SearchServiceDeps {
  /** The in-process index (ADR 007): facets, totals, the order of every page and its cards. */
  index: VehicleIndex;
  /** Keeps the index current. */
  sync: SearchSync;
  /** Booked vehicles on days before the index's horizon. */
  feed: Pick<SearchFeed, 'bookedVehicleIds'>;
  clock: Clock;
  cache?: SearchCache;
}

/**
 * Finding a vehicle. Every answer reflects every write committed before the request (on any
 * instance): the index catches up with the change feed first (one poll, shared by the requests that
 * arrive together), then answers facets, totals, the page and its cards from memory. Answers are
 * cached in process under the index version, so a repeated page costs only its share of a poll.
 */
export function createSearchService(deps: SearchServiceDeps) {
  const { index, sync, feed, clock } = deps;
  const cache = deps.cache ?? noSearchCache;

  /**
   * The index, current enough for this request: the first load (waited for a while at start), then
   * what the sync decides (nothing when no change was announced; the poll applying announced changes
   * otherwise). When the database cannot answer, a 503 the client can retry, not an answer that
   * might be stale.
   */
  async function fresh(): Promise<void> {
    if (!sync.isLoaded) {
      let timer: NodeJS.Timeout | undefined;
      const waited = await Promise.race([
        sync.ready().then(() => true),
        new Promise<false>((resolve) => (timer = setTimeout(() => resolve(false), READY_WAIT_MS))),
      ]).finally(() => clearTimeout(timer));
      if (!waited) throw AppError.unavailable(SEARCH_UNAVAILABLE);
    }
    try {
      await sync.current();
    } catch {
      throw AppError.unavailable(SEARCH_UNAVAILABLE);
    }
  }

  /**
   * The answer as JSON text: from the cache at the current index version, or computed and kept.
   * A computation that awaited something (booked days asked of PostgreSQL) while the index moved to
   * another version (a full reload applies in slices) is done again on the new one.
   */
  async function answer<T>(key: string, compute: () => string | Promise<string>): Promise<JsonText<T>> {
    for (let attempt = 0; ; attempt++) {
      await fresh();
      const version = sync.version;
      const hit = cache.get<string>(key, version);
      if (hit !== undefined) return hit;
      const json = await compute();
      if (sync.version !== version && attempt < 2) continue;
      cache.set(key, version, json);
      return json;
    }
  }

  const cardList = (ids: readonly string[]): string => `[${index.cardsJson(ids).join(',')}]`;

  function resolveType(ref: CatalogueRef): { id: number; name: string } | undefined {
    const parsed = parseRef(ref);
    if (!parsed) return undefined;
    // The index caught up before this (fresh): a type it does not know does not exist.
    const type = index.findType(parsed);
    if (!type) throw AppError.validation(SearchMessages.unknownType, { vehicleTypeId: [SearchMessages.unknownType] });
    return type;
  }

  function resolveCategories(ref: CatalogueRef, typeId: number | undefined): number[] | undefined {
    const parsed = parseRef(ref);
    if (!parsed) return undefined;
    const ids = index.findCategoryIds(parsed, typeId);
    if (!ids.length) throw AppError.validation(SearchMessages.unknownCategory, { vehicleTypeCategoryId: [SearchMessages.unknownCategory] });
    return ids;
  }

  /** Turns a request body into criteria: names and ids resolved, euros to cents, 'None' fuel dropped. */
  async function toCriteria(body: FilterBody & Partial<Pick<SearchBody, 'availableFrom' | 'availableTo'>>): Promise<{
    criteria: IndexCriteria;
    typeId?: number;
  }> {
    const type = resolveType(body.vehicleTypeId);
    const categoryIds = resolveCategories(body.vehicleTypeCategoryId, type?.id);
    let fuelType: number | undefined;
    if (body.fuelType !== undefined && body.fuelType !== null && body.fuelType !== '') {
      fuelType = parseEnum(FUEL_TYPES, body.fuelType);
      if (fuelType === undefined) throw AppError.validation(SearchMessages.unknownFuel, { fuelType: [SearchMessages.unknownFuel] });
      if (fuelType === 0) fuelType = undefined; // fuel 'None' (0) is not a filter
    }
    const properties = (body.properties ?? [])
      .filter((p) => p.values.length > 0)
      .map((p) => ({ ...p, propertyId: p.propertyId.toLowerCase() }));
    const wanted = properties.map((p) => p.propertyId);
    const found = new Set(index.findPropertyIds(wanted));
    if (properties.some((p) => !found.has(p.propertyId))) {
      throw AppError.validation(SearchMessages.unknownProperty, { properties: [SearchMessages.unknownProperty] });
    }
    const { availableFrom, availableTo } = availabilityWindow(body.availableFrom, body.availableTo);
    const criteria: IndexCriteria = {
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
      blockedVehicleIds: await bookedBeforeHorizon(availableFrom, availableTo),
      properties: properties.map((p) => ({ propertyId: p.propertyId, values: propertyValueForms(p.values) })),
    };
    return { criteria, typeId: type?.id };
  }

  /** The index holds booked days from its horizon on; a window reaching earlier asks PostgreSQL. */
  async function bookedBeforeHorizon(from: string | undefined, to: string | undefined): Promise<string[] | undefined> {
    if (!from || !to || from >= sync.horizonDay) return undefined;
    const lastDay = addDays(sync.horizonDay, -1);
    return feed.bookedVehicleIds(from, to < lastDay ? to : lastDay);
  }

  function facetsOf(facets: IndexFacets): SearchResult['facets'] {
    return {
      makes: facets.makes,
      colors: facets.colors,
      fuelTypes: facets.fuels.map((f) => ({ id: f.id, name: FUEL_TYPES[f.id] ?? 'None', count: f.count })),
      price: {
        min: facets.priceMinCents === null ? null : centsToEuros(facets.priceMinCents),
        max: facets.priceMaxCents === null ? null : centsToEuros(facets.priceMaxCents),
      },
      year: { min: facets.yearMin, max: facets.yearMax },
      properties: facets.properties.map(toPropertyValues),
    };
  }

  const ONLY_FACETS: IndexPage = { sort: 'newest', offset: 0, limit: 0 };

  return {
    /** Read-your-writes: the index holds what the writer's data version saw (one poll at most). */
    async catchUpTo(version: FeedSnapshot | null): Promise<void> {
      if (!version || !sync.isLoaded) return;
      try {
        await sync.catchUpTo(version);
      } catch {
        throw AppError.unavailable(SEARCH_UNAVAILABLE);
      }
    },

    /** The index version once every write committed before the call is in (pages rendered from listings are cached under it). */
    async dataVersion(): Promise<number> {
      await fresh();
      return sync.version;
    },

    search(body: SearchBody): Promise<JsonText<SearchResult>> {
      return answer(`search:${JSON.stringify(body)}`, async () => {
        const { criteria, typeId } = await toCriteria(body);
        const page = body.page ?? 1;
        const pageSize = body.pageSize ?? SEARCH_PAGE_SIZE_DEFAULT;
        const result = index.search(criteria, { sort: body.sort ?? 'relevance', offset: (page - 1) * pageSize, limit: pageSize }, typeId);
        // The cards are JSON texts already: the answer is put together around them (SearchResult's field order).
        return `{"items":${cardList(result.ids)},"total":${result.total},"page":${page},"pageSize":${pageSize},"facets":${JSON.stringify(facetsOf(result.facets))}}`;
      });
    },

    async filterIds(body: FilterBody): Promise<string[]> {
      await fresh();
      const { criteria } = await toCriteria(body);
      return index.filterIds(criteria);
    },

    textSearch(searchQuery: string | undefined): Promise<JsonText<VehicleCard[]>> {
      const words = queryWords(searchQuery);
      if (!words.length) return Promise.resolve('[]');
      return answer(`text:${JSON.stringify(words)}`, () => {
        const criteria: IndexCriteria = { makes: [], colors: [], words, properties: [] };
        return cardList(index.search(criteria, { sort: 'relevance', offset: 0, limit: TEXT_SEARCH_LIMIT }).ids);
      });
    },

    all(): Promise<JsonText<VehicleCard[]>> {
      return answer('all', () => cardList(index.newest()));
    },

    recent(count = RECENT_VEHICLES_DEFAULT): Promise<JsonText<VehicleCard[]>> {
      return answer(`recent:${count}`, () => cardList(index.newest(count)));
    },

    activeListings(): Promise<JsonText<number>> {
      return answer('active', () => String(index.size));
    },

    baseFilterProperties(query: {
      vehicleTypeId?: CatalogueRef;
      vehicleTypeCategoryId?: CatalogueRef;
    }): Promise<JsonText<BaseFilterProperties>> {
      return answer(`base:${JSON.stringify(query)}`, async () => {
        const { criteria } = await toCriteria({ vehicleTypeId: query.vehicleTypeId, vehicleTypeCategoryId: query.vehicleTypeCategoryId });
        const { facets } = index.search(criteria, ONLY_FACETS);
        const thisYear = Number(clock.now().toISOString().slice(0, 4));
        const base: BaseFilterProperties = {
          makes: facets.makes,
          colors: facets.colors,
          fuelTypes: facets.fuels.filter((f) => f.count > 0).map((f) => ({ id: f.id, name: FUEL_TYPES[f.id] ?? 'None' })),
          minPrice: facets.priceMinCents === null ? 0 : centsToEuros(facets.priceMinCents),
          maxPrice: facets.priceMaxCents === null ? 0 : centsToEuros(facets.priceMaxCents),
          minYearOfProduction: facets.yearMin ?? DEFAULT_MIN_YEAR,
          maxYearOfProduction: facets.yearMax ?? thisYear,
        };
        return JSON.stringify(base);
      });
    },

    propertyValueFilter(typeRef: string): Promise<JsonText<PropertyValueFilter>> {
      return answer(`props:${typeRef.toLowerCase()}`, () => {
        const parsed = parseRef(typeRef);
        const type = parsed ? index.findType(parsed) : undefined;
        if (!type) throw AppError.notFound(SearchMessages.unknownType);
        const criteria: IndexCriteria = { typeId: type.id, makes: [], colors: [], words: [], properties: [] };
        const { facets } = index.search(criteria, ONLY_FACETS, type.id);
        const filter: PropertyValueFilter = { typeId: type.id, name: type.name, properties: facets.properties.map(toPropertyValues) };
        return JSON.stringify(filter);
      });
    },
  };
}

export type SearchService = ReturnType<typeof createSearchService>;

/** Empty and 0 mean 'any' (clients send `vehicleTypeId=0` when no type is chosen); ids start at 1. */
function parseRef(ref: CatalogueRef): { id?: number; name?: string } | undefined {
  if (ref === null || ref === undefined) return undefined;
  if (typeof ref === 'number') return ref === 0 ? undefined : { id: ref };
  const text = ref.trim();
  if (text === '') return undefined;
  if (!/^\d+$/.test(text) || text.length > 9) return { name: text };
  const id = Number(text);
  return id === 0 ? undefined : { id };
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

/** The wire card of an index card: euros, fuel name, mean stars. */
export function toCard(row: CardFields): VehicleCard {
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
    starsRating: meanStars(row.starsTotal, row.reviewCount),
    reviewCount: row.reviewCount,
  };
}

function toPropertyValues(row: PropertyFacet): PropertyValues {
  const unit = UNITS[row.unit] ?? 'None';
  return {
    propertyId: row.propertyId,
    propertyName: row.propertyName,
    valueType: VALUE_TYPES[row.valueType] ?? 'String',
    propertyValues: row.values.map((v) => ({ propertyValue: v.value, unitOfMeasurement: unit, count: v.count })),
  };
}
