import { z } from 'zod';
import { RADIUS_KM_CHOICES } from '@rentdrive/domain/geo';
import { endpoint } from './endpoint';
import { LocationPaths } from './paths/location';

/**
 * Where a vehicle stands (issue 26): its pick-up place, the offline place suggestions and the place
 * filters of the search.
 *
 * Endpoints (problem+json on failure; `detail` is the sentence to show, `errors` names the field):
 * - GET /api/vehicle/location/{id}   the owner, or an employee for a company vehicle; 403 for anyone
 *                                    else, 404 for an unknown or deleted vehicle. Answers VehicleLocation
 *                                    (the exact place, address included) or `null` while it has none.
 * - PUT /api/vehicle/location/{id}   same rights; body VehicleLocationInput; answers the saved
 *                                    VehicleLocation. 400 names the field (lat, lng, country, city...).
 * - GET /api/geo/places?q=&limit=    public; at most 10 GeoPlace from the offline gazetteer (European
 *                                    cities and postcodes), most populous first. Diacritics and case
 *                                    are ignored ('Munchen' finds München, 'koln' Köln); a text that
 *                                    starts with a digit matches postcodes ('10115' Berlin, '75001' Paris).
 *
 * The create (POST /api/vehicle/create) and edit (PUT /api/vehicle/edit/{id}) multipart forms accept
 * the same fields by the same names (Address, Postcode, City, Country, Lat, Lng; case-insensitive):
 * all of City, Country, Lat and Lng or none. A vehicle created without them takes the place of the
 * owner's previous listing, or stays without a place (it is then found by every search that names
 * no place).
 *
 * Search (POST /api/vehicle/search, see search.ts): the body may carry
 *   near:   {lat, lng, radiusKm?} radiusKm one of 5, 10, 25, 50, 100; without radiusKm the point filters
 *           nothing ('anywhere') and only measures: the distance sort and each card's distanceKm
 *   bounds: {north, south, east, west}  the map's area; west > east crosses the 180th meridian
 *   sort:   'distance' (from `near`, else from the bounds' centre; without either, as 'relevance')
 * and each card carries `city`, `country`, `point` (the rounded public point) and, with `near`,
 * `distanceKm` (0.1 km steps below 10 km, whole km above). Vehicles without a place are left out
 * of searches that name a place. The facet counts follow the place filter.
 *
 * Public points (cards, GET /api/vehicle/{id}) are rounded to a ~550 m grid (PublicPlace); the page
 * draws a circle of `radiusM` around it. The exact address is only in VehicleLocation (owner) and
 * in the renter's My Rentals (`pickUp`).
 */

export { RADIUS_KM_CHOICES, type RadiusKm } from '@rentdrive/domain/geo';

export const LocationMessages = {
  latitude: 'Latitude must be a number between -90 and 90.',
  longitude: 'Longitude must be a number between -180 and 180.',
  country: 'Country must be a two-letter ISO 3166 code, e.g. DE.',
  cityRequired: 'City is required.',
  cityTooLong: 'City must be at most 100 characters.',
  addressTooLong: 'Address must be at most 200 characters.',
  postcodeTooLong: 'Postcode must be at most 20 characters.',
  placeIncomplete: 'Give city, country, latitude and longitude together, or none of them.',
  radius: 'The radius must be 5, 10, 25, 50 or 100 km.',
  boundsInverted: 'The south edge of the area must not be north of its north edge.',
  placeQueryTooLong: 'Search text must be at most 100 characters.',
  placeLimit: 'At most 10 places can be requested.',
  vehicleNotFound: 'Vehicle not found.',
  notYourVehicle: 'Only the owner or a company employee can see or change the place of this vehicle.',
} as const;

export const LOCATION_ADDRESS_MAX = 200;
export const LOCATION_POSTCODE_MAX = 20;
export const LOCATION_CITY_MAX = 100;
export const GEO_PLACES_MAX = 10;
export const GEO_QUERY_MAX = 100;

/** ISO 3166-1 alpha-2, officially assigned codes. */
export const COUNTRY_CODES = new Set(
  (
    'AD AE AF AG AI AL AM AO AQ AR AS AT AU AW AX AZ BA BB BD BE BF BG BH BI BJ BL BM BN BO BQ BR BS BT BV BW BY BZ ' +
    'CA CC CD CF CG CH CI CK CL CM CN CO CR CU CV CW CX CY CZ DE DJ DK DM DO DZ EC EE EG EH ER ES ET FI FJ FK FM FO FR ' +
    'GA GB GD GE GF GG GH GI GL GM GN GP GQ GR GS GT GU GW GY HK HM HN HR HT HU ID IE IL IM IN IO IQ IR IS IT JE JM JO ' +
    'JP KE KG KH KI KM KN KP KR KW KY KZ LA LB LC LI LK LR LS LT LU LV LY MA MC MD ME MF MG MH MK ML MM MN MO MP MQ MR ' +
    'MS MT MU MV MW MX MY MZ NA NC NE NF NG NI NL NO NP NR NU NZ OM PA PE PF PG PH PK PL PM PN PR PS PT PW PY QA RE RO ' +
    'RS RU RW SA SB SC SD SE SG SH SI SJ SK SL SM SN SO SR SS ST SV SX SY SZ TC TD TF TG TH TJ TK TL TM TN TO TR TT TV ' +
    'TW TZ UA UG UM US UY UZ VA VC VE VG VI VN VU WF WS YE YT ZA ZM ZW'
  ).split(' '),
);

export const LatitudeSchema = z
  .number({ error: LocationMessages.latitude })
  .refine((v) => Number.isFinite(v) && v >= -90 && v <= 90, LocationMessages.latitude);
export const LongitudeSchema = z
  .number({ error: LocationMessages.longitude })
  .refine((v) => Number.isFinite(v) && v >= -180 && v <= 180, LocationMessages.longitude);
/** 'de' and ' DE ' are read as DE. */
export const CountryCodeSchema = z
  .string({ error: LocationMessages.country })
  .trim()
  .transform((v) => v.toUpperCase())
  .refine((v) => COUNTRY_CODES.has(v), LocationMessages.country);

const optionalText = (max: number, tooLong: string) =>
  z
    .string()
    .trim()
    .max(max, tooLong)
    .nullish()
    .transform((v) => (v ? v : null));

/** PUT /api/vehicle/location/{id}. */
export const VehicleLocationInputSchema = z.object({
  address: optionalText(LOCATION_ADDRESS_MAX, LocationMessages.addressTooLong),
  postcode: optionalText(LOCATION_POSTCODE_MAX, LocationMessages.postcodeTooLong),
  city: z
    .string({ error: LocationMessages.cityRequired })
    .trim()
    .min(1, LocationMessages.cityRequired)
    .max(LOCATION_CITY_MAX, LocationMessages.cityTooLong),
  country: CountryCodeSchema,
  lat: LatitudeSchema,
  lng: LongitudeSchema,
});
export type VehicleLocationInput = z.input<typeof VehicleLocationInputSchema>;
export type VehicleLocationFields = z.output<typeof VehicleLocationInputSchema>;

/** The exact place (owner, employee for company vehicles, the renter of a booking). */
export const VehicleLocationSchema = z.object({
  address: z.string().nullable(),
  postcode: z.string().nullable(),
  city: z.string(),
  /** ISO 3166 alpha-2. */
  country: z.string(),
  lat: z.number(),
  lng: z.number(),
});
export type VehicleLocation = z.infer<typeof VehicleLocationSchema>;

/** A point anyone may see: rounded to a ~550 m grid (publicPoint in @rentdrive/domain/geo). */
export const PublicPointSchema = z.object({ lat: z.number(), lng: z.number() });
export type PublicPoint = z.infer<typeof PublicPointSchema>;

/** The place on the public vehicle page: the city and a rounded point to draw a circle of radiusM around. */
export const PublicPlaceSchema = z.object({
  city: z.string(),
  country: z.string(),
  lat: z.number(),
  lng: z.number(),
  /** Metres: the circle around the rounded point that holds the real spot (500). */
  radiusM: z.number().int(),
});
export type PublicPlace = z.infer<typeof PublicPlaceSchema>;

/** One suggestion of GET /api/geo/places. */
export const GeoPlaceSchema = z.object({
  /** The place's own name, with its diacritics ('München'). */
  name: z.string(),
  /** Set when the text matched a postcode (the place is then the postcode's area). */
  postcode: z.string().optional(),
  /** ISO 3166 alpha-2. */
  country: z.string(),
  lat: z.number(),
  lng: z.number(),
  population: z.number().int(),
});
export type GeoPlace = z.infer<typeof GeoPlaceSchema>;

export const GeoPlacesQuerySchema = z.object({
  q: z.string().max(GEO_QUERY_MAX, LocationMessages.placeQueryTooLong).default(''),
  limit: z.coerce.number().int().min(1).max(GEO_PLACES_MAX, LocationMessages.placeLimit).optional(),
});

/**
 * Search body: a point and a radius. Without the radius ('anywhere') the point only measures: the
 * distance sort and the cards' distanceKm, with vehicles without a place last.
 */
export const NearSchema = z.object({
  lat: LatitudeSchema,
  lng: LongitudeSchema,
  radiusKm: z
    .number({ error: LocationMessages.radius })
    .refine((v) => (RADIUS_KM_CHOICES as readonly number[]).includes(v), LocationMessages.radius)
    .nullish(),
});
export type Near = z.infer<typeof NearSchema>;

/** Search body: the map's area. west > east crosses the 180th meridian; south > north is refused. */
export const BoundsSchema = z
  .object({ north: LatitudeSchema, south: LatitudeSchema, east: LongitudeSchema, west: LongitudeSchema })
  .superRefine((value, ctx) => {
    if (value.south > value.north) ctx.addIssue({ code: 'custom', path: ['south'], message: LocationMessages.boundsInverted });
  });
export type SearchBounds = z.infer<typeof BoundsSchema>;

const VehicleIdParams = z.object({ id: z.string().max(100) });

export const Location = {
  get: endpoint('GET', LocationPaths.vehicle, { params: VehicleIdParams, response: { 200: VehicleLocationSchema.nullable() } }),
  put: endpoint('PUT', LocationPaths.vehicle, {
    params: VehicleIdParams,
    body: VehicleLocationInputSchema,
    response: { 200: VehicleLocationSchema },
  }),
  places: endpoint('GET', LocationPaths.places, { query: GeoPlacesQuerySchema, response: { 200: z.array(GeoPlaceSchema) } }),
};
