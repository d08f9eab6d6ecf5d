import { and, asc, count, eq, isNull, ne, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import type { NameTranslations } from '../../db/schema/catalogue';
import { vehiclePropertyValues, vehicleTypeCategories, vehicleTypeProperties, vehicleTypes, vehicles } from '../../db/schema/index';

export type VehicleTypeRow = typeof vehicleTypes.$inferSelect;
export type CategoryRow = typeof vehicleTypeCategories.$inferSelect;
export type PropertyRow = typeof vehicleTypeProperties.$inferSelect;

/** Queries of the catalogue tables (live rows are those with deleted_at null). No decisions here. */
export function createCatalogueRepository(db: DbOrTx) {
  return {
    listTypes: () => db.select().from(vehicleTypes).where(isNull(vehicleTypes.deletedAt)).orderBy(asc(vehicleTypes.id)),

    /** Distinct (type, fuel) pairs of live vehicles. */
    fuelsByType: () =>
      db
        .selectDistinct({ vehicleTypeId: vehicles.vehicleTypeId, fuelType: vehicles.fuelType })
        .from(vehicles)
        .where(isNull(vehicles.deletedAt))
        .orderBy(asc(vehicles.vehicleTypeId), asc(vehicles.fuelType)),

    /** forUpdate: deletes lock the row, so a vehicle being listed with it (share lock) finishes first. */
    async findType(id: number, forUpdate = false): Promise<VehicleTypeRow | undefined> {
      const query = db
        .select()
        .from(vehicleTypes)
        .where(and(eq(vehicleTypes.id, id), isNull(vehicleTypes.deletedAt)));
      const [row] = forUpdate ? await query.for('update') : await query;
      return row;
    },

    async typeNameTaken(name: string, exceptId?: number): Promise<boolean> {
      const [row] = await db
        .select({ id: vehicleTypes.id })
        .from(vehicleTypes)
        .where(
          and(
            sql`lower(${vehicleTypes.name}) = lower(${name})`,
            isNull(vehicleTypes.deletedAt),
            exceptId === undefined ? undefined : ne(vehicleTypes.id, exceptId),
          ),
        )
        .limit(1);
      return Boolean(row);
    },

    async insertType(name: string, translations: NameTranslations = {}): Promise<VehicleTypeRow> {
      const [row] = await db.insert(vehicleTypes).values({ name, translations }).returning();
      return row!;
    },

    /** `translations` undefined keeps the saved ones. */
    async renameType(id: number, name: string, translations?: NameTranslations): Promise<VehicleTypeRow | undefined> {
      const [row] = await db
        .update(vehicleTypes)
        .set(translations ? { name, translations } : { name })
        .where(and(eq(vehicleTypes.id, id), isNull(vehicleTypes.deletedAt)))
        .returning();
      return row;
    },

    /** Soft-deletes a type with its categories and properties (only called when no live vehicle uses it). */
    async softDeleteType(id: number, at: Date): Promise<void> {
      await db.update(vehicleTypes).set({ deletedAt: at }).where(eq(vehicleTypes.id, id));
      await db
        .update(vehicleTypeCategories)
        .set({ deletedAt: at })
        .where(and(eq(vehicleTypeCategories.vehicleTypeId, id), isNull(vehicleTypeCategories.deletedAt)));
      await db
        .update(vehicleTypeProperties)
        .set({ deletedAt: at })
        .where(and(eq(vehicleTypeProperties.vehicleTypeId, id), isNull(vehicleTypeProperties.deletedAt)));
    },

    async liveVehiclesOfType(typeId: number): Promise<number> {
      const [row] = await db
        .select({ n: count() })
        .from(vehicles)
        .where(and(eq(vehicles.vehicleTypeId, typeId), isNull(vehicles.deletedAt)));
      return Number(row?.n ?? 0);
    },

    // ---- categories ----

    listCategories: () =>
      db
        .select()
        .from(vehicleTypeCategories)
        .where(isNull(vehicleTypeCategories.deletedAt))
        .orderBy(asc(vehicleTypeCategories.vehicleTypeId), asc(vehicleTypeCategories.id)),

    async findCategory(id: number, forUpdate = false): Promise<CategoryRow | undefined> {
      const query = db
        .select()
        .from(vehicleTypeCategories)
        .where(and(eq(vehicleTypeCategories.id, id), isNull(vehicleTypeCategories.deletedAt)));
      const [row] = forUpdate ? await query.for('update') : await query;
      return row;
    },

    async categoryNameTaken(typeId: number, name: string, exceptId?: number): Promise<boolean> {
      const [row] = await db
        .select({ id: vehicleTypeCategories.id })
        .from(vehicleTypeCategories)
        .where(
          and(
            eq(vehicleTypeCategories.vehicleTypeId, typeId),
            sql`lower(${vehicleTypeCategories.name}) = lower(${name})`,
            isNull(vehicleTypeCategories.deletedAt),
            exceptId === undefined ? undefined : ne(vehicleTypeCategories.id, exceptId),
          ),
        )
        .limit(1);
      return Boolean(row);
    },

    async insertCategory(values: {
      name: string;
      translations?: NameTranslations;
      description: string;
      vehicleTypeId: number;
    }): Promise<CategoryRow> {
      const [row] = await db.insert(vehicleTypeCategories).values(values).returning();
      return row!;
    },

    async updateCategory(
      id: number,
      values: { name: string; translations?: NameTranslations; description: string; vehicleTypeId: number },
    ): Promise<CategoryRow | undefined> {
      const [row] = await db
        .update(vehicleTypeCategories)
        .set(values)
        .where(and(eq(vehicleTypeCategories.id, id), isNull(vehicleTypeCategories.deletedAt)))
        .returning();
      return row;
    },

    async softDeleteCategory(id: number, at: Date): Promise<void> {
      await db.update(vehicleTypeCategories).set({ deletedAt: at }).where(eq(vehicleTypeCategories.id, id));
    },

    async liveVehiclesOfCategory(categoryId: number): Promise<number> {
      const [row] = await db
        .select({ n: count() })
        .from(vehicles)
        .where(and(eq(vehicles.vehicleTypeCategoryId, categoryId), isNull(vehicles.deletedAt)));
      return Number(row?.n ?? 0);
    },

    // ---- properties ----

    listProperties: () =>
      db
        .select()
        .from(vehicleTypeProperties)
        .where(isNull(vehicleTypeProperties.deletedAt))
        .orderBy(asc(vehicleTypeProperties.vehicleTypeId), asc(vehicleTypeProperties.createdAt), asc(vehicleTypeProperties.id)),

    async findProperty(id: string, forUpdate = false): Promise<PropertyRow | undefined> {
      const query = db
        .select()
        .from(vehicleTypeProperties)
        .where(and(eq(vehicleTypeProperties.id, id), isNull(vehicleTypeProperties.deletedAt)));
      const [row] = forUpdate ? await query.for('update') : await query;
      return row;
    },

    async propertyNameTaken(typeId: number, name: string, exceptId?: string): Promise<boolean> {
      const [row] = await db
        .select({ id: vehicleTypeProperties.id })
        .from(vehicleTypeProperties)
        .where(
          and(
            eq(vehicleTypeProperties.vehicleTypeId, typeId),
            sql`lower(${vehicleTypeProperties.name}) = lower(${name})`,
            isNull(vehicleTypeProperties.deletedAt),
            exceptId === undefined ? undefined : ne(vehicleTypeProperties.id, exceptId),
          ),
        )
        .limit(1);
      return Boolean(row);
    },

    async insertProperty(values: {
      name: string;
      translations?: NameTranslations;
      valueType: number;
      unitOfMeasurement: number;
      vehicleTypeId: number;
    }): Promise<PropertyRow> {
      const [row] = await db.insert(vehicleTypeProperties).values(values).returning();
      return row!;
    },

    async updateProperty(
      id: string,
      values: { name: string; translations?: NameTranslations; valueType: number; unitOfMeasurement: number; vehicleTypeId: number },
    ): Promise<PropertyRow | undefined> {
      const [row] = await db
        .update(vehicleTypeProperties)
        .set(values)
        .where(and(eq(vehicleTypeProperties.id, id), isNull(vehicleTypeProperties.deletedAt)))
        .returning();
      return row;
    },

    async softDeleteProperty(id: string, at: Date): Promise<void> {
      await db.update(vehicleTypeProperties).set({ deletedAt: at }).where(eq(vehicleTypeProperties.id, id));
    },

    /** Live vehicles holding a value of the property. */
    async liveVehiclesWithProperty(propertyId: string): Promise<number> {
      const [row] = await db
        .select({ n: count() })
        .from(vehiclePropertyValues)
        .innerJoin(vehicles, eq(vehicles.id, vehiclePropertyValues.vehicleId))
        .where(and(eq(vehiclePropertyValues.propertyId, propertyId), isNull(vehicles.deletedAt)));
      return Number(row?.n ?? 0);
    },
  };
}
export type CatalogueRepository = ReturnType<typeof createCatalogueRepository>;
