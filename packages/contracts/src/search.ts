import { z } from 'zod';
import { endpoint } from './endpoint';
import { FUEL_TYPES } from './enums';
import { BoundsSchema, NearSchema, PublicPointSchema } from './location';
import { SearchPaths } from './paths/search';
import { SEARCH_PAGE_SIZE_MAX, SEARCH_QUERY_MAX, SEARCH_SORTS } from './search-constants';

export {
  RECENT_VEHICLES_DEFAULT,
  SEARCH_DEBOUNCE_MS,
  SEARCH_PAGE_SIZE_DEFAULT,
  SEARCH_PAGE_SIZE_MAX,
  SEARCH_QUERY_MAX,
  SEARCH_SORTS,
  VEHICLE_SORTS,
  type SearchSort,
  type VehicleSort,
} from './search-constants';

/**
 * Finding a vehicle.
 * Reads are public. Bad input answers 400 problem+json with field messages (never 500); an unknown
 * type, category or property id in a filter is bad input too (400).
 */

export const SearchMessages = {
  searchTooLong: 'Search text must be at most 200 characters.',
  priceRange: 'The minimum price must not be above the maximum price.',
  yearRange: 'The minimum year must not be above the maximum year.',
  dateRange: 'The "available from" day must not be after the "available to" day.',
  dateWindow: 'Availability can be checked for at most 366 days at once.',
  dateInvalid: 'Please give days as YYYY-MM-DD.',
  pageSizeMax: 'At most 100 vehicles can be requested per page.',
  unknownType: 'This vehicle type does not exist.',
  unknownCategory: 'This vehicle category does not exist for the chosen type.',
  unknownProperty: 'This vehicle type property does not exist.',
  unknownFuel: 'Unknown fuel type.',
  tooMany: 'Too many values.',
} as const;

/** A type or category by id (3, '3') or by name ('Car'): the web keeps names in its URLs. */
const CatalogueRefSchema = z.union([z.number().int().min(0).max(2_147_483_647), z.string().trim().max(100)]);
const NameListSchema = z.array(z.string().trim().max(100)).max(50, SearchMessages.tooMany);
const EurosSchema = z.number().min(0).max(1_000_000);
const YearSchema = z.number().int().min(0).max(9999);
const DaySchema = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, SearchMessages.dateInvalid);

export const PropertyFilterSchema = z.object({
  propertyId: z.string().uuid(SearchMessages.unknownProperty),
  values: z.array(z.union([z.string().max(200), z.number(), z.boolean()])).max(50, SearchMessages.tooMany),
});
export type PropertyFilter = z.infer<typeof PropertyFilterSchema>;

/** POST /api/vehicle/filter body; every field optional, empty means "any". */
export const filterFields = {
  vehicleTypeId: CatalogueRefSchema.nullish(),
  vehicleTypeCategoryId: CatalogueRefSchema.nullish(),
  makes: NameListSchema.nullish(),
  colors: NameListSchema.nullish(),
  /** A name or id; 'None' (0) is no filter. */
  fuelType: z.union([z.number().int(), z.string().max(40)]).nullish(),
  minPrice: EurosSchema.nullish(),
  maxPrice: EurosSchema.nullish(),
  minYear: YearSchema.nullish(),
  maxYear: YearSchema.nullish(),
  searchQuery: z.string().max(SEARCH_QUERY_MAX, SearchMessages.searchTooLong).nullish(),
  properties: z.array(PropertyFilterSchema).max(20, SearchMessages.tooMany).nullish(),
};

type RangeInput = { minPrice?: number | null; maxPrice?: number | null; minYear?: number | null; maxYear?: number | null };
function checkRanges(value: RangeInput, ctx: z.RefinementCtx) {
  if (value.minPrice != null && value.maxPrice != null && value.minPrice > value.maxPrice) {
    ctx.addIssue({ code: 'custom', path: ['minPrice'], message: SearchMessages.priceRange });
  }
  if (value.minYear != null && value.maxYear != null && value.minYear > value.maxYear) {
    ctx.addIssue({ code: 'custom', path: ['minYear'], message: SearchMessages.yearRange });
  }
}

export const FilterBodySchema = z.object(filterFields).superRefine(checkRanges);
export type FilterBody = z.infer<typeof FilterBodySchema>;

export const SearchBodySchema = z
  .object({
    ...filterFields,
    availableFrom: DaySchema.nullish(),
    availableTo: DaySchema.nullish(),
    /** Issue 26 (location.ts): within radiusKm of a point (no radius: anywhere, measured from the point); absent = anywhere. */
    near: NearSchema.nullish(),
    /** Issue 26: inside the map's area (west > east crosses the 180th meridian). */
    bounds: BoundsSchema.nullish(),
    sort: z.enum(SEARCH_SORTS).nullish(),
    page: z.number().int().min(1).max(100_000).nullish(),
    pageSize: z.number().int().min(1).max(SEARCH_PAGE_SIZE_MAX, SearchMessages.pageSizeMax).nullish(),
  })
  .superRefine((value, ctx) => {
    checkRanges(value, ctx);
    if (value.availableFrom && value.availableTo && value.availableFrom > value.availableTo) {
      ctx.addIssue({ code: 'custom', path: ['availableFrom'], message: SearchMessages.dateRange });
    }
  });
export type SearchBody = z.infer<typeof SearchBodySchema>;

export const SearchVehiclesQuerySchema = z.object({
  searchQuery: z.string().max(SEARCH_QUERY_MAX, SearchMessages.searchTooLong).optional(),
});

export const RecentQuerySchema = z.object({ count: z.number().int().min(1).max(50).optional() });

export const BaseFilterQuerySchema = z.object({
  vehicleTypeId: CatalogueRefSchema.optional(),
  vehicleTypeCategoryId: CatalogueRefSchema.optional(),
});

/** Vehicle (list card). */
export const VehicleCardSchema = z.object({
  id: z.string(),
  make: z.string(),
  model: z.string(),
  vehicleType: z.string(),
  vehicleTypeCategory: z.string(),
  yearOfProduction: z.number().int(),
  /** Euros. */
  pricePerDay: z.number(),
  fuelType: z.enum(FUEL_TYPES),
  /** Relative to the API host (images/vehicles/<uuid>-thumb.webp); null when the vehicle has no image. */
  imageURL: z.string().nullable(),
  description: z.string(),
  ownerName: z.string(),
  /** 0 to 5: the mean of the vehicle's review stars, 0 when none. */
  starsRating: z.number(),
  reviewCount: z.number().int(),
  /** Issue 26: the pick-up city and country (ISO alpha-2); null while the vehicle has no place. */
  city: z.string().nullish(),
  country: z.string().nullish(),
  /** Issue 26: the rounded public point (~550 m grid), for map markers; null without a place. */
  point: PublicPointSchema.nullish(),
  /** Issue 26: km from the search's `near` point (0.1 km steps below 10 km); only when `near` was given. */
  distanceKm: z.number().nullish(),
});
export type VehicleCard = z.infer<typeof VehicleCardSchema>;

const NameCountSchema = z.object({ name: z.string(), count: z.number().int() });
export type NameCount = z.infer<typeof NameCountSchema>;

export const PropertyValuesSchema = z.object({
  propertyId: z.string(),
  propertyName: z.string(),
  valueType: z.string(),
  propertyValues: z.array(z.object({ propertyValue: z.string(), unitOfMeasurement: z.string(), count: z.number().int() })),
});
export type PropertyValues = z.infer<typeof PropertyValuesSchema>;

const MinMaxSchema = z.object({ min: z.number().nullable(), max: z.number().nullable() });

/** Each facet's counts ignore that facet's own selection (choosing Audi still counts the BMWs). */
export const SearchFacetsSchema = z.object({
  makes: z.array(NameCountSchema),
  colors: z.array(NameCountSchema),
  fuelTypes: z.array(z.object({ id: z.number().int(), name: z.enum(FUEL_TYPES), count: z.number().int() })),
  /** Euros; null when nothing matches. */
  price: MinMaxSchema,
  year: MinMaxSchema,
  /** The chosen type's properties (empty without a type). */
  properties: z.array(PropertyValuesSchema),
});
export type SearchFacets = z.infer<typeof SearchFacetsSchema>;

export const SearchResultSchema = z.object({
  items: z.array(VehicleCardSchema),
  total: z.number().int(),
  page: z.number().int(),
  pageSize: z.number().int(),
  facets: SearchFacetsSchema,
});
export type SearchResult = z.infer<typeof SearchResultSchema>;

export const BaseFilterPropertiesSchema = z.object({
  makes: z.array(NameCountSchema),
  colors: z.array(NameCountSchema),
  fuelTypes: z.array(z.object({ id: z.number().int(), name: z.enum(FUEL_TYPES) })),
  minPrice: z.number(),
  maxPrice: z.number(),
  minYearOfProduction: z.number().int(),
  maxYearOfProduction: z.number().int(),
});
export type BaseFilterProperties = z.infer<typeof BaseFilterPropertiesSchema>;

export const PropertyValueFilterSchema = z.object({
  typeId: z.number().int(),
  name: z.string(),
  properties: z.array(PropertyValuesSchema),
});
export type PropertyValueFilter = z.infer<typeof PropertyValueFilterSchema>;

const VehicleCardListSchema = z.array(VehicleCardSchema);

/** Finding a vehicle: public reads (visitors browse and filter without an account). */
export const Search = {
  all: endpoint('GET', SearchPaths.all, { response: { 200: VehicleCardListSchema } }),
  recent: endpoint('GET', SearchPaths.recent, { query: RecentQuerySchema, response: { 200: VehicleCardListSchema } }),
  activeListings: endpoint('GET', SearchPaths.activeListings, { response: { 200: z.number().int() } }),
  /** The ids of the vehicles matching a filter. */
  filter: endpoint('POST', SearchPaths.filter, { body: FilterBodySchema.nullish(), response: { 200: z.array(z.string()) } }),
  searchVehicles: endpoint('GET', SearchPaths.searchVehicles, {
    query: SearchVehiclesQuerySchema,
    response: { 200: VehicleCardListSchema },
  }),
  search: endpoint('POST', SearchPaths.search, { body: SearchBodySchema.nullish(), response: { 200: SearchResultSchema } }),
  baseFilterProperties: endpoint('GET', SearchPaths.baseFilterProperties, {
    query: BaseFilterQuerySchema,
    response: { 200: BaseFilterPropertiesSchema },
  }),
  propertyValueFilter: endpoint('GET', SearchPaths.propertyValueFilter, {
    params: z.object({ typeId: z.string().max(100) }),
    response: { 200: PropertyValueFilterSchema },
  }),
};
