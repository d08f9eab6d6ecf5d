import type { SearchSort } from '@rentdrive/contracts/search';
import type { PlaceFilter } from './place-points';

/** What a search asks for, resolved to ids and cents by the service. Empty lists mean "any". */
export interface IndexCriteria {
  typeId?: number;
  /** Absent or empty: any category. */
  categoryIds?: number[];
  /** Lower-cased. */
  makes: string[];
  /** Lower-cased. */
  colors: string[];
  fuelType?: number;
  minPriceCents?: number;
  maxPriceCents?: number;
  minYear?: number;
  maxYear?: number;
  /** Lower-cased words of the text query; every one must match. */
  words: string[];
  /** Days ('YYYY-MM-DD') on which a vehicle must be free, both ends included (both or neither). */
  availableFrom?: string;
  availableTo?: string;
  /** Vehicles booked in the window on days the index does not hold (before its horizon). */
  blockedVehicleIds?: readonly string[];
  /** AND across properties, OR within one property's values (compared as stored). */
  properties: { propertyId: string; values: string[] }[];
  /** Issue 26: within a radius and/or the map's bounds; vehicles without a place are left out. */
  place?: PlaceFilter;
}

export interface IndexPage {
  /** 'distance': from `distanceFrom` (without it, as 'relevance'). */
  sort: SearchSort;
  /** Issue 26: the point the 'distance' sort measures from (the near point or the bounds' centre). */
  distanceFrom?: { lat: number; lng: number };
  offset: number;
  limit: number;
}

export interface NameCount {
  name: string;
  count: number;
}

export interface PropertyFacet {
  propertyId: string;
  propertyName: string;
  valueType: number;
  unit: number;
  values: { value: string; count: number }[];
}

export interface IndexFacets {
  makes: NameCount[];
  colors: NameCount[];
  fuels: { id: number; count: number }[];
  priceMinCents: number | null;
  priceMaxCents: number | null;
  yearMin: number | null;
  yearMax: number | null;
  properties: PropertyFacet[];
}

export interface IndexResult {
  /** Vehicle ids of the page, in order. */
  ids: string[];
  total: number;
  facets: IndexFacets;
}
