import { eq } from 'drizzle-orm';
import type { Database } from '../../src/db/client';
import { rentalDays, rentals, vehicles } from '../../src/db/schema/index';
import { createCategory, createProperty, createUser, createVehicle, createVehicleType } from '../factories';

/**
 * A small catalogue the search suites share: two types, three categories, two Car properties and
 * seven vehicles (one deleted). Prices in cents, fuel ids as on the wire (1 Petrol, 2 Diesel, 3 Electric, 4 Hybrid).
 */
export async function seedSearchCatalogue(database: Database) {
  const owner = await createUser(database, { username: 'search_owner' });
  const car = await createVehicleType(database, { name: 'Car' });
  const motorcycle = await createVehicleType(database, { name: 'Motorcycle' });
  const sedan = await createCategory(database, car.id, { name: 'Sedan' });
  const suv = await createCategory(database, car.id, { name: 'SUV' });
  const sport = await createCategory(database, motorcycle.id, { name: 'Sport' });
  const seats = await createProperty(database, car.id, { name: 'Seats', valueType: 1 });
  const gearbox = await createProperty(database, car.id, { name: 'Transmission', valueType: 0 });
  let minute = 0;
  const at = () => new Date(Date.UTC(2026, 0, 1, 0, minute++));
  const base = { ownerId: owner.id, vehicleTypeId: car.id };
  const corolla = await createVehicle(database, {
    ...base,
    vehicleTypeCategoryId: sedan.id,
    make: 'Toyota',
    model: 'Corolla',
    color: 'Blue',
    fuelType: 1,
    dateOfProduction: '2018-03-01',
    pricePerDayCents: 4000,
    createdAt: at(),
    imageCount: 2,
    description: 'Economical compact for the city.',
    properties: { [seats.id]: '5', [gearbox.id]: 'Manual' },
  });
  const rav4 = await createVehicle(database, {
    ...base,
    vehicleTypeCategoryId: suv.id,
    make: 'Toyota',
    model: 'RAV4',
    color: 'Red',
    fuelType: 4,
    dateOfProduction: '2021-06-01',
    pricePerDayCents: 7000,
    createdAt: at(),
    description: 'Family SUV with plenty of room.',
    properties: { [seats.id]: '5', [gearbox.id]: 'Automatic' },
  });
  const a4 = await createVehicle(database, {
    ...base,
    vehicleTypeCategoryId: sedan.id,
    make: 'Audi',
    model: 'A4',
    color: 'Black',
    fuelType: 2,
    dateOfProduction: '2019-01-01',
    pricePerDayCents: 6000,
    createdAt: at(),
    description: 'Comfortable business sedan.',
    properties: { [seats.id]: '5', [gearbox.id]: 'Automatic' },
  });
  const x5 = await createVehicle(database, {
    ...base,
    vehicleTypeCategoryId: suv.id,
    make: 'BMW',
    model: 'X5',
    color: 'Black',
    fuelType: 2,
    dateOfProduction: '2022-01-01',
    pricePerDayCents: 12000,
    createdAt: at(),
    description: 'Large premium SUV.',
    properties: { [seats.id]: '7', [gearbox.id]: 'Automatic' },
  });
  const cbr = await createVehicle(database, {
    ownerId: owner.id,
    vehicleTypeId: motorcycle.id,
    vehicleTypeCategoryId: sport.id,
    make: 'Honda',
    model: 'CBR600RR',
    color: 'Red',
    fuelType: 1,
    dateOfProduction: '2020-01-01',
    pricePerDayCents: 3500,
    createdAt: at(),
    description: 'Sport bike for_track days.',
  });
  const tesla = await createVehicle(database, {
    ...base,
    vehicleTypeCategoryId: sedan.id,
    make: 'Tesla',
    model: 'Model 3',
    color: 'White',
    fuelType: 3,
    dateOfProduction: '2023-01-01',
    pricePerDayCents: 9000,
    createdAt: at(),
    description: 'Quiet and 100% electric.',
    properties: { [seats.id]: '5', [gearbox.id]: 'Automatic' },
  });
  const deleted = await createVehicle(database, {
    ...base,
    vehicleTypeCategoryId: sedan.id,
    make: 'Audi',
    model: 'A6 (deleted)',
    color: 'Grey',
    fuelType: 2,
    pricePerDayCents: 8000,
    createdAt: at(),
    deletedAt: new Date('2026-02-01T00:00:00Z'),
    properties: { [seats.id]: '5' },
  });
  // Ratings as the reviews module keeps them: X5 4.5 from 2 reviews, Corolla 3 from 1.
  await database.db.update(vehicles).set({ reviewCount: 2, starsTotal: 9 }).where(eq(vehicles.id, x5.id));
  await database.db.update(vehicles).set({ reviewCount: 1, starsTotal: 3 }).where(eq(vehicles.id, corolla.id));
  return { owner, car, motorcycle, sedan, suv, sport, seats, gearbox, corolla, rav4, a4, x5, cbr, tesla, deleted };
}

export type SearchCatalogue = Awaited<ReturnType<typeof seedSearchCatalogue>>;

/** An Active rental of the vehicle on the given days (rental_days rows as the rentals module writes them). */
export async function bookDays(database: Database, vehicleId: string, days: string[]) {
  const renter = await createUser(database);
  const [rental] = await database.db
    .insert(rentals)
    .values({
      vehicleId,
      renterId: renter.id,
      status: 'Active',
      startDate: days[0]!,
      endDate: days[days.length - 1]!,
      pricePerDayCents: 1000,
      totalCents: 1000 * days.length,
      bookedAt: new Date('2026-06-01T10:00:00Z'),
    })
    .returning();
  await database.db.insert(rentalDays).values(days.map((day) => ({ vehicleId, day, rentalId: rental!.id })));
  return rental!;
}

/**
 * Retries an assertion until it passes (or 10 s pass). A write made straight in the database, with
 * no data version for the next search to wait for, reaches the index when its change notification
 * arrives, a moment after the commit (within the fallback poll's 5 s if one is lost).
 */
export async function eventually(assertion: () => Promise<void>, timeoutMs = 10_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    try {
      await assertion();
      return;
    } catch (error) {
      if (Date.now() > deadline) throw error;
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
  }
}
