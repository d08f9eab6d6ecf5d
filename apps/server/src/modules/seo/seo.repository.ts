import { and, asc, isNull } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { vehicleTypes, type NameTranslations } from '../../db/schema/catalogue';
import { vehicles } from '../../db/schema/vehicles';

export interface SitemapVehicle {
  id: string;
  updatedAt: Date;
}

/** What the sitemap lists: every live vehicle and the vehicle types (the listing's entry points). */
export function createSeoRepository(db: Db) {
  return {
    liveVehicles(): Promise<SitemapVehicle[]> {
      return (
        db
          .select({ id: vehicles.id, updatedAt: vehicles.updatedAt })
          .from(vehicles)
          // A listing hidden by a moderator (issue 28) is not a public page.
          .where(and(isNull(vehicles.deletedAt), isNull(vehicles.hiddenAt)))
          .orderBy(asc(vehicles.createdAt), asc(vehicles.id))
      );
    },
    /** The live vehicle types' English names and their translations, by English name. */
    vehicleTypeNames(): Promise<{ name: string; translations: NameTranslations }[]> {
      return db
        .select({ name: vehicleTypes.name, translations: vehicleTypes.translations })
        .from(vehicleTypes)
        .where(isNull(vehicleTypes.deletedAt))
        .orderBy(asc(vehicleTypes.name));
    },
  };
}

export type SeoRepository = ReturnType<typeof createSeoRepository>;
