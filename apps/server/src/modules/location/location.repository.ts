import { and, desc, eq, inArray, isNull, ne } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { vehicleLocations, vehicles } from '../../db/schema/index';

export interface PlaceRow {
  address: string | null;
  postcode: string | null;
  city: string;
  country: string;
  lat: number;
  lng: number;
}

const placeColumns = {
  address: vehicleLocations.address,
  postcode: vehicleLocations.postcode,
  city: vehicleLocations.city,
  country: vehicleLocations.country,
  lat: vehicleLocations.lat,
  lng: vehicleLocations.lng,
};

/** Reads and writes of vehicle_locations (issue 26); every function takes the db or the transaction. */
export const locationRepository = {
  async findVehicle(db: DbOrTx, vehicleId: string) {
    const [row] = await db
      .select({ id: vehicles.id, ownerId: vehicles.ownerId, isCompanyProperty: vehicles.isCompanyProperty, deletedAt: vehicles.deletedAt })
      .from(vehicles)
      .where(eq(vehicles.id, vehicleId));
    return row;
  },

  async placeOf(db: DbOrTx, vehicleId: string): Promise<PlaceRow | undefined> {
    const [row] = await db.select(placeColumns).from(vehicleLocations).where(eq(vehicleLocations.vehicleId, vehicleId));
    return row;
  },

  async placesOf(db: DbOrTx, vehicleIds: readonly string[]): Promise<(PlaceRow & { vehicleId: string })[]> {
    if (!vehicleIds.length) return [];
    return db
      .select({ vehicleId: vehicleLocations.vehicleId, ...placeColumns })
      .from(vehicleLocations)
      .where(inArray(vehicleLocations.vehicleId, [...new Set(vehicleIds)]));
  },

  /** The place of the owner's most recent other live listing that has one. */
  async previousPlaceOfOwner(db: DbOrTx, ownerId: string, exceptVehicleId: string): Promise<PlaceRow | undefined> {
    const [row] = await db
      .select(placeColumns)
      .from(vehicleLocations)
      .innerJoin(vehicles, eq(vehicles.id, vehicleLocations.vehicleId))
      .where(and(eq(vehicles.ownerId, ownerId), ne(vehicles.id, exceptVehicleId), isNull(vehicles.deletedAt)))
      .orderBy(desc(vehicles.createdAt))
      .limit(1);
    return row;
  },

  async save(db: DbOrTx, vehicleId: string, place: PlaceRow, now: Date): Promise<void> {
    await db
      .insert(vehicleLocations)
      .values({ vehicleId, ...place, updatedAt: now })
      .onConflictDoUpdate({ target: vehicleLocations.vehicleId, set: { ...place, updatedAt: now } });
  },
};
