import { and, desc, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import type { NameTranslations } from '../../db/schema/catalogue';
import { favourites, users, vehicleTypeCategories, vehicleTypes, vehicles } from '../../db/schema/index';

/** A vehicle as a card shows it: names resolved, money in cents (the service maps it to the wire). */
export interface CardRow {
  id: string;
  make: string;
  model: string;
  vehicleType: string;
  vehicleTypeCategory: string;
  typeTranslations: NameTranslations;
  categoryTranslations: NameTranslations;
  yearOfProduction: number;
  priceCents: number;
  fuelType: number;
  imageURL: string | null;
  description: string;
  ownerName: string;
  starsTotal: number;
  reviewCount: number;
}

/** A card's columns: the vehicle, its type and category names (English and translated), its owner's name and its first thumbnail. */
const CARD_COLUMNS = {
  id: vehicles.id,
  make: vehicles.make,
  model: vehicles.model,
  vehicleType: vehicleTypes.name,
  vehicleTypeCategory: vehicleTypeCategories.name,
  typeTranslations: vehicleTypes.translations,
  categoryTranslations: vehicleTypeCategories.translations,
  yearOfProduction: vehicles.yearOfProduction,
  priceCents: vehicles.pricePerDayCents,
  fuelType: vehicles.fuelType,
  imageURL: sql<
    string | null
  >`(select i.thumb_path from vehicle_images i where i.vehicle_id = ${vehicles.id} order by i.position, i.created_at limit 1)`,
  description: vehicles.description,
  ownerName: users.username,
  starsTotal: vehicles.starsTotal,
  reviewCount: vehicles.reviewCount,
};

export function createFavouritesRepository(db: DbOrTx) {
  const cards = () =>
    db
      .select(CARD_COLUMNS)
      .from(vehicles)
      .innerJoin(vehicleTypes, eq(vehicleTypes.id, vehicles.vehicleTypeId))
      .innerJoin(vehicleTypeCategories, eq(vehicleTypeCategories.id, vehicles.vehicleTypeCategoryId))
      .innerJoin(users, eq(users.id, vehicles.ownerId));
  return {
    /** Whether the vehicle exists and is not deleted. */
    async vehicleIsListed(vehicleId: string): Promise<boolean> {
      const [row] = await db
        .select({ id: vehicles.id })
        .from(vehicles)
        .where(and(eq(vehicles.id, vehicleId), isNull(vehicles.deletedAt)));
      return row !== undefined;
    },
    /** Whether a vehicle with this id was ever listed (deleted ones too). */
    async vehicleExists(vehicleId: string): Promise<boolean> {
      const [row] = await db.select({ id: vehicles.id }).from(vehicles).where(eq(vehicles.id, vehicleId));
      return row !== undefined;
    },
    async save(userId: string, vehicleId: string, at: Date): Promise<void> {
      await db.insert(favourites).values({ userId, vehicleId, createdAt: at }).onConflictDoNothing();
    },
    /** Whether a row was removed. */
    async remove(userId: string, vehicleId: string): Promise<boolean> {
      const removed = await db
        .delete(favourites)
        .where(and(eq(favourites.userId, userId), eq(favourites.vehicleId, vehicleId)))
        .returning({ vehicleId: favourites.vehicleId });
      return removed.length > 0;
    },
    /** The user's saved vehicles that are still listed, the latest saved first. */
    async savedCards(userId: string): Promise<CardRow[]> {
      return cards()
        .innerJoin(favourites, eq(favourites.vehicleId, vehicles.id))
        .where(and(eq(favourites.userId, userId), isNull(vehicles.deletedAt), isNull(vehicles.hiddenAt)))
        .orderBy(desc(favourites.createdAt), vehicles.id);
    },
    /** The listed vehicles among `ids` (any order; the caller orders them). */
    async cardsOf(ids: string[]): Promise<CardRow[]> {
      if (ids.length === 0) return [];
      return cards().where(and(inArray(vehicles.id, ids), isNull(vehicles.deletedAt), isNull(vehicles.hiddenAt)));
    },
  };
}
