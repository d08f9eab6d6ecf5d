import { FUEL_TYPES, parseEnum } from '@rentdrive/contracts/enums';
import { SearchMessages, type FilterBody, type SearchBody } from '@rentdrive/contracts/search';
import { addDays } from '@rentdrive/domain/dates';
import { eurosToCents } from '@rentdrive/domain/money';
import { AppError } from '../../lib/app-error';
import type { IndexCriteria, VehicleIndex } from './index/vehicle-index';
import type { SearchFeed } from './sync/search-feed';
import type { SearchSync } from './sync/search-sync';

/** At most this many words of a query count (the 200-character limit already bounds it). */
const MAX_QUERY_WORDS = 8;
const MAX_AVAILABILITY_DAYS = 366;

export type CatalogueRef = number | string | null | undefined;

export type CriteriaBody = FilterBody & Partial<Pick<SearchBody, 'availableFrom' | 'availableTo'>>;

export interface CriteriaDeps {
  index: VehicleIndex;
  sync: Pick<SearchSync, 'horizonDay'>;
  /** Booked vehicles on days before the index's horizon. */
  feed: Pick<SearchFeed, 'bookedVehicleIds'>;
}

/** Request to criteria: names and ids resolved against the index (current by then), euros to cents, words and windows checked. */
export function createCriteriaResolver({ index, sync, feed }: CriteriaDeps) {
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
  async function toCriteria(body: CriteriaBody): Promise<{
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

  return { toCriteria };
}

export type CriteriaResolver = ReturnType<typeof createCriteriaResolver>;

/** Empty and 0 mean 'any' (clients send `vehicleTypeId=0` when no type is chosen); ids start at 1. */
export function parseRef(ref: CatalogueRef): { id?: number; name?: string } | undefined {
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
