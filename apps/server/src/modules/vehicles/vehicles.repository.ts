import { and, asc, desc, eq, gte, inArray, isNull, max, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import type { NameTranslations } from '../../db/schema/catalogue';
import {
  rentals,
  users,
  vehicleImages,
  vehiclePropertyValues,
  vehicleTypeCategories,
  vehicleTypeProperties,
  vehicleTypes,
  vehicles,
} from '../../db/schema/index';

export type VehicleRow = typeof vehicles.$inferSelect;
export type VehicleInsert = typeof vehicles.$inferInsert;
export type ImageRow = typeof vehicleImages.$inferSelect;

/**
 * A live vehicle with everything its details page shows, in one statement (one round trip: this is
 * the hottest read after the listings): owner, type and category names, image URLs in gallery order,
 * property values in the type's order, reviews newest first with the reviewer's name. Prepared once
 * per repository: PostgreSQL keeps the plan per connection and the query is not rebuilt per call.
 */
function prepareDetail(db: DbOrTx) {
  return db
    .select({
      vehicle: vehicles,
      ownerName: users.username,
      typeName: vehicleTypes.name,
      categoryName: vehicleTypeCategories.name,
      // The names in the other languages (issue 24): the service answers the request's one.
      typeTranslations: vehicleTypes.translations,
      categoryTranslations: vehicleTypeCategories.translations,
      imageUrls: sql<string[]>`coalesce((select json_agg(vi.large_path order by vi.position, vi.created_at)
        from vehicle_images vi where vi.vehicle_id = "vehicles"."id"), '[]'::json)`,
      thumbUrls: sql<string[]>`coalesce((select json_agg(vi.thumb_path order by vi.position, vi.created_at)
        from vehicle_images vi where vi.vehicle_id = "vehicles"."id"), '[]'::json)`,
      properties: sql<
        { name: string; translations: NameTranslations; value: string; unit: number }[]
      >`coalesce((select json_agg(json_build_object(
          'name', p.name, 'translations', p.translations, 'value', pv.value, 'unit', p.unit_of_measurement) order by p.created_at, p.id)
        from vehicle_property_values pv join vehicle_type_properties p on p.id = pv.property_id
        where pv.vehicle_id = "vehicles"."id"), '[]'::json)`,
      reviews: sql<
        { username: string; starRating: number; comment: string | null; createdOn: string }[]
      >`coalesce((select json_agg(json_build_object(
          'username', ru.username, 'starRating', r.star_rating, 'comment', r.comment, 'createdOn', r.created_at) order by r.created_at desc, r.id desc)
        from reviews r join users ru on ru.id = r.reviewer_id where r.vehicle_id = "vehicles"."id" and r.published_at is not null), '[]'::json)`,
    })
    .from(vehicles)
    .innerJoin(users, eq(users.id, vehicles.ownerId))
    .innerJoin(vehicleTypes, eq(vehicleTypes.id, vehicles.vehicleTypeId))
    .innerJoin(vehicleTypeCategories, eq(vehicleTypeCategories.id, vehicles.vehicleTypeCategoryId))
    .where(and(eq(vehicles.id, sql.placeholder('id')), isNull(vehicles.deletedAt)))
    .prepare('vehicle_detail');
}

/** Queries behind the vehicles module; live vehicles are those with deleted_at null. */
export function createVehiclesRepository(db: DbOrTx) {
  let detailQuery: ReturnType<typeof prepareDetail> | undefined;
  return {
    /** See prepareDetail. */
    async findDetail(id: string) {
      detailQuery ??= prepareDetail(db);
      const [row] = await detailQuery.execute({ id });
      return row;
    },

    /** A live vehicle, locked for the rest of the transaction when asked. */
    async findLive(id: string, forUpdate = false): Promise<VehicleRow | undefined> {
      const query = db
        .select()
        .from(vehicles)
        .where(and(eq(vehicles.id, id), isNull(vehicles.deletedAt)));
      const [row] = forUpdate ? await query.for('update') : await query;
      return row;
    },

    images: (vehicleId: string) =>
      db
        .select()
        .from(vehicleImages)
        .where(eq(vehicleImages.vehicleId, vehicleId))
        .orderBy(asc(vehicleImages.position), asc(vehicleImages.createdAt)),

    /** The vehicle's values joined to their properties, in the type's property order. */
    propertyValues: (vehicleId: string) =>
      db
        .select({
          propertyId: vehicleTypeProperties.id,
          name: vehicleTypeProperties.name,
          valueType: vehicleTypeProperties.valueType,
          unitOfMeasurement: vehicleTypeProperties.unitOfMeasurement,
          value: vehiclePropertyValues.value,
        })
        .from(vehiclePropertyValues)
        .innerJoin(vehicleTypeProperties, eq(vehicleTypeProperties.id, vehiclePropertyValues.propertyId))
        .where(eq(vehiclePropertyValues.vehicleId, vehicleId))
        .orderBy(asc(vehicleTypeProperties.createdAt), asc(vehicleTypeProperties.id)),

    /** Share-locked: a concurrent catalogue delete (which locks for update) waits for this listing to commit. */
    async findLiveType(id: number) {
      const [row] = await db
        .select()
        .from(vehicleTypes)
        .where(and(eq(vehicleTypes.id, id), isNull(vehicleTypes.deletedAt)))
        .for('share');
      return row;
    },

    async findLiveCategory(id: number) {
      const [row] = await db
        .select()
        .from(vehicleTypeCategories)
        .where(and(eq(vehicleTypeCategories.id, id), isNull(vehicleTypeCategories.deletedAt)))
        .for('share');
      return row;
    },

    /** The fuels the type's live listings use (its availableFuels), leaving out one vehicle (the one being edited). */
    async liveFuelsOfType(typeId: number, exceptVehicleId?: string): Promise<number[]> {
      const rows = await db
        .selectDistinct({ fuelType: vehicles.fuelType })
        .from(vehicles)
        .where(
          and(
            eq(vehicles.vehicleTypeId, typeId),
            isNull(vehicles.deletedAt),
            exceptVehicleId ? sql`${vehicles.id} <> ${exceptVehicleId}` : undefined,
          ),
        );
      return rows.map((r) => r.fuelType);
    },

    /** Share-locked inside a transaction, like findLiveType, against a concurrent property delete. */
    liveTypeProperties: (typeId: number) =>
      db
        .select()
        .from(vehicleTypeProperties)
        .where(and(eq(vehicleTypeProperties.vehicleTypeId, typeId), isNull(vehicleTypeProperties.deletedAt)))
        .orderBy(asc(vehicleTypeProperties.createdAt), asc(vehicleTypeProperties.id))
        .for('share'),

    async companyAccountId(): Promise<string | undefined> {
      const [row] = await db.select({ id: users.id }).from(users).where(eq(users.isCompanyAccount, true)).limit(1);
      return row?.id;
    },

    /**
     * Live vehicles the user owns. With `lockOwner` the user's row is locked first, so two listings
     * by one owner at once are counted one after the other.
     */
    async countLiveOwnedBy(ownerId: string, lockOwner = false): Promise<number> {
      if (lockOwner) await db.select({ id: users.id }).from(users).where(eq(users.id, ownerId)).for('update');
      const [row] = await db
        .select({ n: sql<number>`count(*)::int` })
        .from(vehicles)
        .where(and(eq(vehicles.ownerId, ownerId), isNull(vehicles.deletedAt)));
      return Number(row?.n ?? 0);
    },

    async insertVehicle(values: VehicleInsert): Promise<VehicleRow> {
      const [row] = await db.insert(vehicles).values(values).returning();
      return row!;
    },

    async updateVehicle(id: string, values: Partial<VehicleInsert>): Promise<void> {
      await db.update(vehicles).set(values).where(eq(vehicles.id, id));
    },

    async insertImages(vehicleId: string, startPosition: number, images: { largePath: string; thumbPath: string }[]): Promise<void> {
      if (images.length === 0) return;
      await db
        .insert(vehicleImages)
        .values(images.map((img, i) => ({ vehicleId, position: startPosition + i, largePath: img.largePath, thumbPath: img.thumbPath })));
    },

    async deleteImages(vehicleId: string, ids: string[]): Promise<void> {
      if (ids.length === 0) return;
      await db.delete(vehicleImages).where(and(eq(vehicleImages.vehicleId, vehicleId), inArray(vehicleImages.id, ids)));
    },

    /** Removes every image row of the vehicle and returns them (their objects go once the transaction commits). */
    async deleteAllImages(vehicleId: string): Promise<ImageRow[]> {
      return db.delete(vehicleImages).where(eq(vehicleImages.vehicleId, vehicleId)).returning();
    },

    async maxImagePosition(vehicleId: string): Promise<number> {
      const [row] = await db
        .select({ p: max(vehicleImages.position) })
        .from(vehicleImages)
        .where(eq(vehicleImages.vehicleId, vehicleId));
      return row?.p ?? -1;
    },

    /** Replaces every property value of the vehicle. */
    async replacePropertyValues(vehicleId: string, values: { propertyId: string; value: string }[]): Promise<void> {
      await db.delete(vehiclePropertyValues).where(eq(vehiclePropertyValues.vehicleId, vehicleId));
      if (values.length === 0) return;
      await db.insert(vehiclePropertyValues).values(values.map((v) => ({ vehicleId, propertyId: v.propertyId, value: v.value })));
    },

    /** Whether an Active rental of the vehicle ends on or after the given day. */
    async hasUnfinishedActiveRental(vehicleId: string, today: string): Promise<boolean> {
      const [row] = await db
        .select({ id: rentals.id })
        .from(rentals)
        .where(and(eq(rentals.vehicleId, vehicleId), eq(rentals.status, 'Active'), gte(rentals.endDate, today)))
        .limit(1);
      return Boolean(row);
    },

    async softDelete(id: string, at: Date): Promise<void> {
      await db.update(vehicles).set({ deletedAt: at, updatedAt: at }).where(eq(vehicles.id, id));
    },

    /** The owner's live vehicles, newest first, with their first thumbnail and non-cancelled rental count. */
    ownedBy: (ownerId: string) =>
      db
        .select({
          id: vehicles.id,
          make: vehicles.make,
          model: vehicles.model,
          fuelType: vehicles.fuelType,
          pricePerDayCents: vehicles.pricePerDayCents,
          reviewCount: vehicles.reviewCount,
          starsTotal: vehicles.starsTotal,
          // Plain SQL: correlated subqueries need the outer table named explicitly.
          imageUrl: sql<string | null>`(select vi.thumb_path from vehicle_images vi
            where vi.vehicle_id = "vehicles"."id" order by vi.position limit 1)`,
          timesBooked: sql<number>`(select count(*)::int from rentals r
            where r.vehicle_id = "vehicles"."id" and r.status <> 'Cancelled')`,
          // Issue 26: null while the vehicle has no place (My Vehicles asks the owner to add one).
          city: sql<string | null>`(select l.city from vehicle_locations l where l.vehicle_id = "vehicles"."id")`,
        })
        .from(vehicles)
        .where(and(eq(vehicles.ownerId, ownerId), isNull(vehicles.deletedAt)))
        .orderBy(desc(vehicles.createdAt), desc(vehicles.id)),
  };
}
export type VehiclesRepository = ReturnType<typeof createVehiclesRepository>;
