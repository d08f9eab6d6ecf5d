import { sql } from 'drizzle-orm';
import { check, doublePrecision, index, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { vehicles } from './vehicles';

/**
 * Where a vehicle stands (issue 26): its exact pick-up place, one row per vehicle that has one (a
 * vehicle without a row has no place yet). The point is kept as plain latitude/longitude in degrees
 * (WGS84), indexed for readers that filter by a box (reports, exports); the search keeps its own
 * copy in typed arrays (modules/search/index). The address is private: only the owner and the renter
 * of a booking see it.
 */
export const vehicleLocations = pgTable(
  'vehicle_locations',
  {
    vehicleId: uuid('vehicle_id')
      .primaryKey()
      .references(() => vehicles.id),
    address: text('address'),
    postcode: text('postcode'),
    city: text('city').notNull(),
    /** ISO 3166 alpha-2, upper case. */
    country: text('country').notNull(),
    lat: doublePrecision('lat').notNull(),
    lng: doublePrecision('lng').notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check('vehicle_locations_lat_ck', sql`${t.lat} between -90 and 90`),
    check('vehicle_locations_lng_ck', sql`${t.lng} between -180 and 180`),
    check('vehicle_locations_country_ck', sql`${t.country} ~ '^[A-Z]{2}$'`),
    index('vehicle_locations_point_idx').on(t.lat, t.lng),
  ],
);
