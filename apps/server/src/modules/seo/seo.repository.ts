import { asc, isNull } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { vehicleTypes } from '../../db/schema/catalogue';
import { vehicles } from '../../db/schema/vehicles';

export interface SitemapVehicle {
  id: string;
  updatedAt: Date;
}

/** What the sitemap lists: every live vehicle and the vehicle types (the listing's entry points). */
export function createSeoRepository(db: Db) {
  return {
    liveVehicles(): Promise<SitemapVehicle[]> {
      return db
        .select({ id: vehicles.id, updatedAt: vehicles.updatedAt })
        .from(vehicles)
        .where(isNull(vehicles.deletedAt))
        .orderBy(asc(vehicles.createdAt), asc(vehicles.id));
    },
    async vehicleTypeNames(): Promise<string[]> {
      const rows = await db
        .select({ name: vehicleTypes.name })
        .from(vehicleTypes)
        .where(isNull(vehicleTypes.deletedAt))
        .orderBy(asc(vehicleTypes.name));
      return rows.map((row) => row.name);
    },
  };
}

export type SeoRepository = ReturnType<typeof createSeoRepository>;
