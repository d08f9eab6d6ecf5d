import { and, asc, eq, gte, inArray, isNull, lte, notInArray } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { rentalDays, vehicles } from '../../db/schema/index';

/** Blocked days are rental_days rows without a rental: one table, one primary key for both kinds. */
export function createAvailabilityRepository() {
  return {
    async findVehicle(db: DbOrTx, vehicleId: string) {
      const [row] = await db
        .select({
          id: vehicles.id,
          ownerId: vehicles.ownerId,
          isCompanyProperty: vehicles.isCompanyProperty,
          deletedAt: vehicles.deletedAt,
        })
        .from(vehicles)
        .where(eq(vehicles.id, vehicleId));
      return row;
    },

    /**
     * Holds the live vehicle until the transaction ends. This conflicts with the share lock a rent
     * takes, so a change of blocked days and a rent of the vehicle run one after the other, and two
     * changes of one vehicle's days never interleave. The primary key still decides any race.
     */
    async lockLiveVehicle(db: DbOrTx, vehicleId: string) {
      const [row] = await db
        .select({ id: vehicles.id })
        .from(vehicles)
        .where(and(eq(vehicles.id, vehicleId), isNull(vehicles.deletedAt)))
        .for('no key update');
      return row;
    },

    /** The taken days in [fromDay, toDay], each with whether it is blocked (else booked). */
    async takenDays(db: DbOrTx, vehicleId: string, fromDay: string, toDay: string): Promise<{ day: string; blocked: boolean }[]> {
      const rows = await db
        .select({ day: rentalDays.day, rentalId: rentalDays.rentalId })
        .from(rentalDays)
        .where(and(eq(rentalDays.vehicleId, vehicleId), gte(rentalDays.day, fromDay), lte(rentalDays.day, toDay)))
        .orderBy(asc(rentalDays.day));
      return rows.map((r) => ({ day: r.day, blocked: r.rentalId === null }));
    },

    /** Unblocks the days from `fromDay` on that are not in `keep`. */
    async unblockExcept(db: DbOrTx, vehicleId: string, fromDay: string, keep: string[]): Promise<void> {
      await db
        .delete(rentalDays)
        .where(
          and(
            eq(rentalDays.vehicleId, vehicleId),
            isNull(rentalDays.rentalId),
            gte(rentalDays.day, fromDay),
            ...(keep.length ? [notInArray(rentalDays.day, keep)] : []),
          ),
        );
    },

    /** The primary key (vehicle_id, day) makes this fail when a day is already booked. */
    async block(db: DbOrTx, vehicleId: string, days: string[], blockedBy: string): Promise<void> {
      if (days.length) await db.insert(rentalDays).values(days.map((day) => ({ vehicleId, day, blockedBy })));
    },

    /** Blocked days among `days` (seed, tests). */
    async blockedAmong(db: DbOrTx, vehicleId: string, days: string[]): Promise<string[]> {
      if (!days.length) return [];
      const rows = await db
        .select({ day: rentalDays.day })
        .from(rentalDays)
        .where(and(eq(rentalDays.vehicleId, vehicleId), isNull(rentalDays.rentalId), inArray(rentalDays.day, days)));
      return rows.map((r) => r.day);
    },
  };
}
