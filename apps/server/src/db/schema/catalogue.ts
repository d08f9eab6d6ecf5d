import { sql } from 'drizzle-orm';
import { index, integer, jsonb, pgTable, serial, smallint, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';

/**
 * A catalogue name in the other languages (issue 24, ADR 018): { de: 'Auto', fr: 'Voiture', … }; a language
 * missing from it shows the English `name`.
 */
export type NameTranslations = Partial<Record<'de' | 'fr' | 'es' | 'it' | 'nl', string>>;

/** Deleted rows keep their id (old vehicles may point at them) but leave every list: deleted_at is set. */
export const vehicleTypes = pgTable(
  'vehicle_types',
  {
    id: serial('id').primaryKey(),
    name: text('name').notNull(),
    translations: jsonb('translations').$type<NameTranslations>().notNull().default({}),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    deletedAt: timestamp('deleted_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('vehicle_types_name_uq')
      .on(sql`lower(${t.name})`)
      .where(sql`${t.deletedAt} is null`),
  ],
);

export const vehicleTypeCategories = pgTable(
  'vehicle_type_categories',
  {
    id: serial('id').primaryKey(),
    name: text('name').notNull(),
    translations: jsonb('translations').$type<NameTranslations>().notNull().default({}),
    description: text('description').notNull(),
    vehicleTypeId: integer('vehicle_type_id')
      .notNull()
      .references(() => vehicleTypes.id),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    deletedAt: timestamp('deleted_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('vehicle_type_categories_name_uq')
      .on(t.vehicleTypeId, sql`lower(${t.name})`)
      .where(sql`${t.deletedAt} is null`),
  ],
);

export const vehicleTypeProperties = pgTable(
  'vehicle_type_properties',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    name: text('name').notNull(),
    translations: jsonb('translations').$type<NameTranslations>().notNull().default({}),
    /** 0 String, 1 Int, 2 Double, 3 Boolean (the wire ids of the enumeration). */
    valueType: smallint('value_type').notNull(),
    /** 0 None .. 13 In (the wire ids of the enumeration). */
    unitOfMeasurement: smallint('unit_of_measurement').notNull(),
    vehicleTypeId: integer('vehicle_type_id')
      .notNull()
      .references(() => vehicleTypes.id),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    deletedAt: timestamp('deleted_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('vehicle_type_properties_name_uq')
      .on(t.vehicleTypeId, sql`lower(${t.name})`)
      .where(sql`${t.deletedAt} is null`),
    index('vehicle_type_properties_type_idx').on(t.vehicleTypeId),
  ],
);
