import { isUuid } from '@rentdrive/contracts/ids';
import {
  LocationMessages,
  VehicleLocationInputSchema,
  type PublicPlace,
  type VehicleLocation,
  type VehicleLocationFields,
} from '@rentdrive/contracts/location';
import { PUBLIC_CIRCLE_METRES, publicPoint } from '@rentdrive/domain/geo';
import type { Db, DbOrTx } from '../../db/client';
import { AppError } from '../../lib/app-error';
import type { Clock } from '../../lib/clock';
import { parseInput } from '../../lib/normalize-input';
import { locationRepository as repo, type PlaceRow } from './location.repository';

export interface LocationCaller {
  id: string;
  isCompanyEmployee: boolean;
}

const toWire = (row: PlaceRow): VehicleLocation => ({ ...row });

/** The point anyone may see: the city and a point on a ~550 m grid, with the circle the page draws. */
export function toPublicPlace(row: Pick<PlaceRow, 'city' | 'country' | 'lat' | 'lng'>): PublicPlace {
  const point = publicPoint(row);
  return { city: row.city, country: row.country, lat: point.lat, lng: point.lng, radiusM: PUBLIC_CIRCLE_METRES };
}

/** The public place of a vehicle (its page), or null while it has none. */
export async function publicPlaceOf(db: DbOrTx, vehicleId: string): Promise<PublicPlace | null> {
  const row = await repo.placeOf(db, vehicleId);
  return row ? toPublicPlace(row) : null;
}

/**
 * The exact pick-up place, address included, for those who may know it: the owner's screens and the
 * renter of a booking (My Rentals, the booking mail: call this with the rental's vehicle id once the
 * caller's right to it is established). Null while the vehicle has no place.
 */
export async function exactPlaceOf(db: DbOrTx, vehicleId: string): Promise<VehicleLocation | null> {
  const row = await repo.placeOf(db, vehicleId);
  return row ? toWire(row) : null;
}

/** exactPlaceOf for many vehicles at once (My Rentals): vehicle id → place; vehicles without one are absent. */
export async function exactPlacesOf(db: DbOrTx, vehicleIds: readonly string[]): Promise<Map<string, VehicleLocation>> {
  const rows = await repo.placesOf(db, vehicleIds);
  return new Map(rows.map(({ vehicleId, ...place }) => [vehicleId, toWire(place)]));
}

const FORM_FIELDS = ['address', 'postcode', 'city', 'country', 'lat', 'lng'] as const;

/**
 * The place fields of the vehicle create/edit multipart form (Address, Postcode, City, Country, Lat,
 * Lng; already lower-cased by the form reader). None of them: null (no place given). Some but not
 * all of City, Country, Lat, Lng: 400 naming the first missing one. Bad values: 400 naming the field.
 */
export function placeFromForm(fields: Record<string, unknown>): VehicleLocationFields | null {
  const lower = new Map(Object.entries(fields).map(([k, v]) => [k.toLowerCase(), v]));
  const given = (key: string) => {
    const v = lower.get(key);
    return v !== undefined && v !== null && !(typeof v === 'string' && v.trim() === '');
  };
  if (!FORM_FIELDS.some(given)) return null;
  const missing = (['city', 'country', 'lat', 'lng'] as const).find((key) => !given(key));
  if (missing) throw AppError.validation(LocationMessages.placeIncomplete, { [missing]: [LocationMessages.placeIncomplete] });
  const number = (v: unknown) => (typeof v === 'string' && /^\s*[-+]?\d+(\.\d+)?\s*$/.test(v) ? Number(v) : v);
  const result = parseInput(VehicleLocationInputSchema, {
    address: lower.get('address'),
    postcode: lower.get('postcode'),
    city: lower.get('city'),
    country: lower.get('country'),
    lat: number(lower.get('lat')),
    lng: number(lower.get('lng')),
  });
  if (!result.success) throw result.error;
  return result.data;
}

/**
 * A new or edited vehicle's place, in the vehicle's own transaction: the form's place when it sent
 * one; on create without one, the place of the owner's previous listing (the existing client sends
 * none), or none at all (the vehicle is then found by every search that names no place).
 */
export async function savePlaceOfForm(
  tx: DbOrTx,
  vehicleId: string,
  ownerId: string,
  place: VehicleLocationFields | null,
  now: Date,
  creating: boolean,
): Promise<void> {
  if (place) return repo.save(tx, vehicleId, place, now);
  if (!creating) return;
  const previous = await repo.previousPlaceOfOwner(tx, ownerId, vehicleId);
  if (previous) await repo.save(tx, vehicleId, previous, now);
}

export interface LocationServiceDeps {
  db: Db;
  clock: Clock;
}

/** GET/PUT /api/vehicle/location/{id}: the owner, or an employee for a company vehicle. */
export function createLocationService({ db, clock }: LocationServiceDeps) {
  async function checkCaller(caller: LocationCaller, vehicleId: string) {
    if (!isUuid(vehicleId)) throw AppError.notFound(LocationMessages.vehicleNotFound);
    const vehicle = await repo.findVehicle(db, vehicleId);
    if (!vehicle || vehicle.deletedAt) throw AppError.notFound(LocationMessages.vehicleNotFound);
    const allowed = vehicle.ownerId === caller.id || (vehicle.isCompanyProperty && caller.isCompanyEmployee);
    if (!allowed) throw AppError.forbidden(LocationMessages.notYourVehicle);
  }

  return {
    async get(caller: LocationCaller, vehicleId: string): Promise<VehicleLocation | null> {
      await checkCaller(caller, vehicleId);
      return exactPlaceOf(db, vehicleId);
    },

    async put(caller: LocationCaller, vehicleId: string, input: VehicleLocationFields): Promise<VehicleLocation> {
      await checkCaller(caller, vehicleId);
      await repo.save(db, vehicleId, input, clock.now());
      return toWire(input);
    },
  };
}
export type LocationService = ReturnType<typeof createLocationService>;
