/**
 * What the in-process search index holds (ADR 007). PostgreSQL stays the source of truth; the
 * index is a compact copy of what a search needs of every live vehicle (filterable columns and the
 * card), kept current by the change feed (search_changes, migration 0008) and read by the search
 * service for facets, totals, the order of a page and its cards.
 */

/** One vehicle as the index needs it. Deleted vehicles are sent with `live: false` (then dropped). */
export interface IndexedVehicle {
  id: string;
  live: boolean;
  typeId: number;
  categoryId: number;
  /** As stored (facets show it as written; filters compare lower-cased). */
  make: string;
  model: string;
  color: string;
  /** 0 None .. 6 Hydrogen. */
  fuelType: number;
  priceCents: number;
  year: number;
  starsTotal: number;
  reviewCount: number;
  createdAtMs: number;
  /** vehicles.search_text: lower-cased make, model, type, category, fuel, year, color, description. */
  searchText: string;
  /** Card fields (the list shows them; the index answers whole cards). */
  description: string;
  ownerName: string;
  /** The first image's thumbnail path, or null. */
  imageURL: string | null;
  /** One value per property (the primary key is vehicle + property). */
  properties: { propertyId: string; value: string }[];
  /** Booked days on or after the feed's horizon, as 'YYYY-MM-DD'. */
  bookedDays: string[];
  /** Where it stands (vehicle_locations, issue 26); absent or null: no place yet. */
  place?: IndexedPlace | null;
}

/** A vehicle's pick-up place as the index keeps it: the exact point (never sent) and its city. */
export interface IndexedPlace {
  city: string;
  /** ISO 3166 alpha-2. */
  country: string;
  lat: number;
  lng: number;
}

/** A catalogue name in the other languages ({ de: 'Auto' }); English is `name` (issue 24). */
export type IndexedTranslations = Partial<Record<'de' | 'fr' | 'es' | 'it' | 'nl', string>>;

export interface IndexedType {
  id: number;
  name: string;
  translations?: IndexedTranslations;
  live: boolean;
}

export interface IndexedCategory {
  id: number;
  typeId: number;
  name: string;
  translations?: IndexedTranslations;
  live: boolean;
}

export interface IndexedProperty {
  /** uuid, lower-case. */
  id: string;
  typeId: number;
  name: string;
  translations?: IndexedTranslations;
  valueType: number;
  unit: number;
  live: boolean;
}

export interface IndexedCatalogue {
  types: IndexedType[];
  categories: IndexedCategory[];
  properties: IndexedProperty[];
}

/** A card as the index renders it: names resolved, money in cents (the service maps it to the wire). */
export interface CardFields {
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
  /** Issue 26: city, country and the rounded public point (nulls without a place). */
  city?: string | null;
  country?: string | null;
  point?: { lat: number; lng: number } | null;
}

/** Where the feed applies what it reads: implemented by the vehicle index. */
export interface IndexSink {
  /** Inserts or replaces a vehicle (a vehicle with live: false is removed). */
  upsert(vehicle: IndexedVehicle): void;
  /** Removes a vehicle the database no longer has (or never had). */
  remove(id: string): void;
  setCatalogue(catalogue: IndexedCatalogue): void;
  /** Drops everything (before a full reload). */
  clear(): void;
  /** A full load has been applied (the sink may build what is cheaper built once). */
  loaded?(): void;
}
