import { randomUUID } from 'node:crypto';
import type { Database } from '../src/db/client';
import {
  ledgerAccounts,
  users,
  vehicleImages,
  vehiclePropertyValues,
  vehicleTypeCategories,
  vehicleTypeProperties,
  vehicleTypes,
  vehicles,
} from '../src/db/schema/index';
import { systemClock } from '../src/lib/clock';
import { SESSION_COOKIE } from '../src/lib/session-user';
import { hashPassword } from '../src/modules/account/password';
import { createSessionService } from '../src/modules/session/session.service';

/** The password every factory user has; satisfies the spec's rules. */
export const TEST_PASSWORD = 'Passw0rd';
let passwordHash: Promise<string> | undefined;
const uniq = () => randomUUID().replaceAll('-', '').slice(0, 8);

export interface UserOverrides {
  username?: string;
  email?: string;
  phoneNumber?: string | null;
  isCompanyEmployee?: boolean;
  isCompanyAccount?: boolean;
  createdAt?: Date;
}

/** A user with a wallet (balance 0), as registration makes them. */
export async function createUser(database: Database, overrides: UserOverrides = {}) {
  passwordHash ??= hashPassword(TEST_PASSWORD);
  const name = overrides.username ?? `user_${uniq()}`;
  const [user] = await database.db
    .insert(users)
    .values({
      username: name,
      email: overrides.email ?? `${name}@example.com`,
      phoneNumber: overrides.phoneNumber ?? null,
      passwordHash: await passwordHash,
      isCompanyEmployee: overrides.isCompanyEmployee ?? false,
      isCompanyAccount: overrides.isCompanyAccount ?? false,
      ...(overrides.createdAt ? { createdAt: overrides.createdAt } : {}),
    })
    .returning();
  await database.db.insert(ledgerAccounts).values({ kind: 'wallet', userId: user!.id });
  return user!;
}

/** The Cookie header of a fresh session for the user. */
export async function signIn(database: Database, user: { id: string }): Promise<string> {
  const sessions = createSessionService({ db: database.db, clock: systemClock, ttlDays: 30 });
  const { token } = await sessions.create(user.id);
  return `${SESSION_COOKIE}=${token}`;
}

export async function createVehicleType(database: Database, overrides: { name?: string } = {}) {
  const [row] = await database.db
    .insert(vehicleTypes)
    .values({ name: overrides.name ?? `Type ${uniq()}` })
    .returning();
  return row!;
}

export async function createCategory(database: Database, vehicleTypeId: number, overrides: { name?: string; description?: string } = {}) {
  const [row] = await database.db
    .insert(vehicleTypeCategories)
    .values({ name: overrides.name ?? `Category ${uniq()}`, description: overrides.description ?? 'A category', vehicleTypeId })
    .returning();
  return row!;
}

export async function createProperty(
  database: Database,
  vehicleTypeId: number,
  overrides: { name?: string; valueType?: number; unitOfMeasurement?: number } = {},
) {
  const [row] = await database.db
    .insert(vehicleTypeProperties)
    .values({
      name: overrides.name ?? `Property ${uniq()}`,
      valueType: overrides.valueType ?? 1,
      unitOfMeasurement: overrides.unitOfMeasurement ?? 0,
      vehicleTypeId,
    })
    .returning();
  return row!;
}

export interface VehicleOverrides {
  ownerId: string;
  vehicleTypeId?: number;
  vehicleTypeCategoryId?: number;
  make?: string;
  model?: string;
  color?: string;
  fuelType?: number;
  dateOfProduction?: string;
  pricePerDayCents?: number;
  curbWeightInKg?: number;
  description?: string;
  isCompanyProperty?: boolean;
  createdAt?: Date;
  deletedAt?: Date | null;
  /** propertyId -> value */
  properties?: Record<string, string>;
  imageCount?: number;
}

/** A live vehicle (with a type and category made for it unless given) and image rows. */
export async function createVehicle(database: Database, overrides: VehicleOverrides) {
  const typeId = overrides.vehicleTypeId ?? (await createVehicleType(database)).id;
  const categoryId = overrides.vehicleTypeCategoryId ?? (await createCategory(database, typeId)).id;
  const dateOfProduction = overrides.dateOfProduction ?? '2020-05-01';
  const [vehicle] = await database.db
    .insert(vehicles)
    .values({
      ownerId: overrides.ownerId,
      make: overrides.make ?? 'Toyota',
      model: overrides.model ?? `Model ${uniq()}`,
      color: overrides.color ?? 'Blue',
      fuelType: overrides.fuelType ?? 1,
      dateOfProduction,
      yearOfProduction: Number(dateOfProduction.slice(0, 4)),
      pricePerDayCents: overrides.pricePerDayCents ?? 5000,
      curbWeightInKg: overrides.curbWeightInKg ?? 1200,
      description: overrides.description ?? 'A reliable vehicle.',
      isCompanyProperty: overrides.isCompanyProperty ?? false,
      vehicleTypeId: typeId,
      vehicleTypeCategoryId: categoryId,
      ...(overrides.createdAt ? { createdAt: overrides.createdAt } : {}),
      deletedAt: overrides.deletedAt ?? null,
    })
    .returning();
  const imageCount = overrides.imageCount ?? 1;
  for (let position = 0; position < imageCount; position++) {
    const name = randomUUID();
    await database.db.insert(vehicleImages).values({
      vehicleId: vehicle!.id,
      position,
      largePath: `images/vehicles/${name}.webp`,
      thumbPath: `images/vehicles/${name}-thumb.webp`,
    });
  }
  for (const [propertyId, value] of Object.entries(overrides.properties ?? {})) {
    await database.db.insert(vehiclePropertyValues).values({ vehicleId: vehicle!.id, propertyId, value });
  }
  return vehicle!;
}
