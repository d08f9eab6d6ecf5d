import { sql } from 'drizzle-orm';
import { boolean, check, date, index, integer, pgTable, primaryKey, smallint, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { vehicleTypeCategories, vehicleTypeProperties, vehicleTypes } from './catalogue';
import { users } from './users';

export const vehicles = pgTable(
  'vehicles',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    ownerId: uuid('owner_id')
      .notNull()
      .references(() => users.id),
    make: text('make').notNull(),
    model: text('model').notNull(),
    color: text('color').notNull(),
    /** 0 None, 1 Petrol, 2 Diesel, 3 Electric, 4 Hybrid, 5 LPG, 6 Hydrogen. */
    fuelType: smallint('fuel_type').notNull(),
    dateOfProduction: date('date_of_production', { mode: 'string' }).notNull(),
    yearOfProduction: integer('year_of_production').notNull(),
    pricePerDayCents: integer('price_per_day_cents').notNull(),
    curbWeightInKg: integer('curb_weight_in_kg').notNull(),
    description: text('description').notNull(),
    isCompanyProperty: boolean('is_company_property').notNull().default(false),
    vehicleTypeId: integer('vehicle_type_id')
      .notNull()
      .references(() => vehicleTypes.id),
    vehicleTypeCategoryId: integer('vehicle_type_category_id')
      .notNull()
      .references(() => vehicleTypeCategories.id),
    /** Kept with each review in the same transaction, so cards sort and show ratings without a join. */
    reviewCount: integer('review_count').notNull().default(0),
    starsTotal: integer('stars_total').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    deletedAt: timestamp('deleted_at', { withTimezone: true }),
    /**
     * Hidden by a moderator (issue 28): out of search, the sitemap and its page for everyone but the
     * owner and employees; `hiddenReason` is the decision's reason. `hiddenForSuspension`: hidden
     * because its owner was suspended (lifting the suspension shows these again).
     */
    hiddenAt: timestamp('hidden_at', { withTimezone: true }),
    hiddenReason: text('hidden_reason'),
    hiddenForSuspension: boolean('hidden_for_suspension').notNull().default(false),
  },
  (t) => [
    check('vehicles_price_ck', sql`${t.pricePerDayCents} >= 100`),
    check('vehicles_weight_ck', sql`${t.curbWeightInKg} >= 1`),
    index('vehicles_owner_idx')
      .on(t.ownerId)
      .where(sql`${t.deletedAt} is null`),
    // The owner's dashboard reads every vehicle of an owner, deleted ones too (their past earnings; issue 30).
    index('vehicles_owner_all_idx').on(t.ownerId),
    index('vehicles_created_idx')
      .on(t.createdAt)
      .where(sql`${t.deletedAt} is null`),
    // The catalogue's "in use" checks (migration 0001).
    index('vehicles_type_category_idx')
      .on(t.vehicleTypeId, t.vehicleTypeCategoryId)
      .where(sql`${t.deletedAt} is null`),
    // The operator's active listings by type as an index-only count (migration 0035, issue 30).
    index('vehicles_listed_type_idx')
      .on(t.vehicleTypeId)
      .where(sql`${t.deletedAt} is null and ${t.hiddenAt} is null`),
  ],
);

export const vehicleImages = pgTable(
  'vehicle_images',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    vehicleId: uuid('vehicle_id')
      .notNull()
      .references(() => vehicles.id),
    position: integer('position').notNull(),
    /** Relative URL of the large WebP, e.g. images/vehicles/<uuid>.webp */
    largePath: text('large_path').notNull(),
    /** Relative URL of the card-sized WebP. */
    thumbPath: text('thumb_path').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('vehicle_images_vehicle_idx').on(t.vehicleId, t.position)],
);

export const vehiclePropertyValues = pgTable(
  'vehicle_property_values',
  {
    vehicleId: uuid('vehicle_id')
      .notNull()
      .references(() => vehicles.id),
    propertyId: uuid('property_id')
      .notNull()
      .references(() => vehicleTypeProperties.id),
    value: text('value').notNull(),
  },
  (t) => [primaryKey({ columns: [t.vehicleId, t.propertyId] }), index('vehicle_property_values_prop_idx').on(t.propertyId, t.value)],
);
