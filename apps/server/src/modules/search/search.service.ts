import { FUEL_TYPES } from '@rentdrive/contracts/enums';
import type { Locale } from '@rentdrive/contracts/locales';
import {
  RECENT_VEHICLES_DEFAULT,
  SEARCH_PAGE_SIZE_DEFAULT,
  SearchMessages,
  type BaseFilterProperties,
  type FilterBody,
  type PropertyValueFilter,
  type SearchBody,
  type SearchResult,
  type VehicleCard,
} from '@rentdrive/contracts/search';
import { boundsCenter, distanceKm, roundDistanceKm, type LatLng } from '@rentdrive/domain/geo';
import { centsToEuros } from '@rentdrive/domain/money';
import { AppError } from '../../lib/app-error';
import type { Clock } from '../../lib/clock';
import { asJsonText, toJsonText, type JsonText } from '../../plugins/endpoint-routes';
import type { PlaceFilter } from './index/place-points';
import type { IndexCriteria, IndexPage, VehicleIndex } from './index/vehicle-index';
import { noSearchCache, type SearchCache } from './search-cache';
import { createCriteriaResolver, parseRef, queryWords, type CatalogueRef } from './search-criteria';
import { searchResultJson, toPropertyValues } from './search-wire';
import type { FeedSnapshot, SearchFeed } from './sync/search-feed';
import type { SearchSync } from './sync/search-sync';

/**
 * The search body's place (issue 26) as the index's filter; undefined when it names none. A near
 * point without a radius ('anywhere') filters nothing: it only measures (distance sort, card distances).
 */
function placeFilterOf(body: SearchBody): PlaceFilter | undefined {
  const radiusKm = body.near?.radiusKm;
  if (!(body.near && radiusKm) && !body.bounds) return undefined;
  return {
    ...(body.near && radiusKm ? { near: { lat: body.near.lat, lng: body.near.lng, radiusKm } } : {}),
    ...(body.bounds ? { bounds: body.bounds } : {}),
  };
}

/** The text search answers the best matches, not the whole catalogue. */
const TEXT_SEARCH_LIMIT = 100;
/** The year filter's default lower end, when nothing is listed yet. */
const DEFAULT_MIN_YEAR = 1970;
/** How long a search waits for the index's first load before answering 503. */
const READY_WAIT_MS = 10_000;
const SEARCH_UNAVAILABLE = 'Search is unavailable right now. Please try again in a moment.';

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
  const { toCriteria } = createCriteriaResolver({ index, sync, feed });

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
      if (hit !== undefined) return asJsonText<T>(hit);
      const json = await compute();
      if (sync.version !== version && attempt < 2) continue;
      cache.set(key, version, json);
      return asJsonText<T>(json);
    }
  }

  /** Type, category and property names are in the request's language (issue 24); English when none. */
  const cardList = (ids: readonly string[], locale: Locale = 'en'): string => `[${index.cardsJson(ids, locale).join(',')}]`;
  /** Cards with `distanceKm` from the near point (issue 26): the cached card text gets the field appended. */
  const cardListWithDistance = (ids: readonly string[], from: LatLng, locale: Locale): string => {
    const out: string[] = [];
    for (const id of ids) {
      const [json] = index.cardsJson([id], locale);
      if (json === undefined) continue;
      const point = index.pointOf(id);
      out.push(point ? `${json.slice(0, -1)},"distanceKm":${roundDistanceKm(distanceKm(from, point))}}` : json);
    }
    return `[${out.join(',')}]`;
  };
  const propertyName = (locale: Locale) => (id: string, english: string) =>
    locale === 'en' ? english : (index.propertyName(id.toLowerCase(), locale) ?? english);

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

    search(body: SearchBody, locale: Locale = 'en'): Promise<JsonText<SearchResult>> {
      return answer<SearchResult>(`search:${locale}:${JSON.stringify(body)}`, async () => {
        const { criteria, typeId } = await toCriteria(body);
        const page = body.page ?? 1;
        const pageSize = body.pageSize ?? SEARCH_PAGE_SIZE_DEFAULT;
        // The place (issue 26): a hard filter; 'distance' measures from the near point, else the map's centre.
        const place = placeFilterOf(body);
        if (place) criteria.place = place;
        const distanceFrom = body.near ? { lat: body.near.lat, lng: body.near.lng } : body.bounds ? boundsCenter(body.bounds) : undefined;
        const result = index.search(
          criteria,
          { sort: body.sort ?? 'relevance', distanceFrom, offset: (page - 1) * pageSize, limit: pageSize },
          typeId,
        );
        const cards = body.near ? cardListWithDistance(result.ids, body.near, locale) : cardList(result.ids, locale);
        // The cards are JSON texts already: the answer is put together around them (SearchResult's field order).
        return searchResultJson(cards, result.total, page, pageSize, result.facets, propertyName(locale));
      });
    },

    async filterIds(body: FilterBody): Promise<string[]> {
      await fresh();
      const { criteria } = await toCriteria(body);
      return index.filterIds(criteria);
    },

    textSearch(searchQuery: string | undefined, locale: Locale = 'en'): Promise<JsonText<VehicleCard[]>> {
      const words = queryWords(searchQuery);
      if (!words.length) return Promise.resolve(toJsonText<VehicleCard[]>([]));
      return answer<VehicleCard[]>(`text:${locale}:${JSON.stringify(words)}`, () => {
        const criteria: IndexCriteria = { makes: [], colors: [], words, properties: [] };
        return cardList(index.search(criteria, { sort: 'relevance', offset: 0, limit: TEXT_SEARCH_LIMIT }).ids, locale);
      });
    },

    all(locale: Locale = 'en'): Promise<JsonText<VehicleCard[]>> {
      return answer<VehicleCard[]>(`all:${locale}`, () => cardList(index.newest(), locale));
    },

    recent(count = RECENT_VEHICLES_DEFAULT, locale: Locale = 'en'): Promise<JsonText<VehicleCard[]>> {
      return answer<VehicleCard[]>(`recent:${locale}:${count}`, () => cardList(index.newest(count), locale));
    },

    activeListings(): Promise<JsonText<number>> {
      return answer<number>('active', () => String(index.size));
    },

    baseFilterProperties(query: {
      vehicleTypeId?: CatalogueRef;
      vehicleTypeCategoryId?: CatalogueRef;
    }): Promise<JsonText<BaseFilterProperties>> {
      return answer<BaseFilterProperties>(`base:${JSON.stringify(query)}`, async () => {
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

    propertyValueFilter(typeRef: string, locale: Locale = 'en'): Promise<JsonText<PropertyValueFilter>> {
      return answer<PropertyValueFilter>(`props:${locale}:${typeRef.toLowerCase()}`, () => {
        const parsed = parseRef(typeRef);
        const type = parsed ? index.findType(parsed, locale) : undefined;
        if (!type) throw AppError.notFound(SearchMessages.unknownType);
        const criteria: IndexCriteria = { typeId: type.id, makes: [], colors: [], words: [], properties: [] };
        const { facets } = index.search(criteria, ONLY_FACETS, type.id);
        const named = propertyName(locale);
        const filter: PropertyValueFilter = {
          typeId: type.id,
          name: type.name,
          properties: facets.properties.map((p) => toPropertyValues(p, named)),
        };
        return JSON.stringify(filter);
      });
    },
  };
}

export type SearchService = ReturnType<typeof createSearchService>;
