import { and, inArray, isNull, sql } from 'drizzle-orm';
import { FUEL_TYPES, UNITS, VALUE_TYPES, parseEnum } from '@rentdrive/contracts/enums';
import { parsePropertyValue } from '@rentdrive/contracts/vehicles';
import type { Db } from '../db/client';
import {
  users,
  vehicleImages,
  vehiclePropertyValues,
  vehicleTypeCategories,
  vehicleTypeProperties,
  vehicleTypes,
  vehicles,
} from '../db/schema/index';
import type { EncodedImage } from '../lib/images';
import { deleteObjectsQuietly, keysOfStored, writeImageVariants, type StoredImage } from '../storage/image-objects';
import type { ObjectStore } from '../storage/object-store';
import { SEEDED_CATEGORY_NAMES, SEEDED_PROPERTY_NAMES, SEEDED_TYPE_NAMES } from './catalogue-translations';
import { describeSeedVehicle, SEED_TYPES, SEED_VEHICLES, type SeedVehicleRow } from './catalogue.seed-data';
import type { SeedContext } from './seed-context';
import { ART_VARIANTS, renderVehicleArt, type VehicleKind } from './vehicle-art';

const COMPANY = 'rentdrive';
/** Who lists what: the company every seventh vehicle, the demo users the rest. */
const OWNER_CYCLE = [COMPANY, 'alice', 'bob', 'carol', 'dave', 'alice', 'bob'];
const HOUR_MS = 3_600_000;

interface CatalogueIds {
  typeId: Map<string, number>;
  categoryId: Map<string, number>; // `${type}|${category}`
  propertyIds: Map<string, string[]>; // type -> ids in SEED_TYPES order
}

/**
 * The demo catalogue and about 70 vehicles with drawn pictures. Idempotent: catalogue rows are
 * matched by name, and vehicles are only added when the demo users own none yet.
 */
export async function seedCatalogue(ctx: SeedContext & { images: ObjectStore }): Promise<void> {
  const db = ctx.database.db;
  const ids = await ensureCatalogue(db);

  const owners = await db
    .select({ id: users.id, username: users.username })
    .from(users)
    .where(inArray(sql`lower(${users.username})`, OWNER_CYCLE));
  const ownerId = new Map(owners.map((o) => [o.username.toLowerCase(), o.id]));
  if (!ownerId.has('alice') && !ownerId.has('bob')) {
    ctx.log('seed: demo users not found; vehicles skipped');
    return;
  }
  const [existing] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(vehicles)
    .where(inArray(vehicles.ownerId, [...ownerId.values()]));
  if (Number(existing?.n ?? 0) > 0) return;

  const started = Date.now();
  const plan = planVehicles();
  const art = await renderArt(plan.map((p) => ({ kind: p.kind, color: p.row[5], variants: p.variants })));

  const stored: StoredImage[][] = [];
  try {
    for (const p of plan) {
      stored.push(
        await Promise.all(p.variants.map((v) => writeImageVariants(ctx.images, 'vehicles', art.get(artKey(p.kind, p.row[5], v))!))),
      );
    }
    const now = Date.now();
    await db.transaction(async (tx) => {
      const rows = plan.map((p, i) => {
        const [category, make, model, fuel, year, color, price, weight] = p.row;
        let owner = ownerId.get(OWNER_CYCLE[i % OWNER_CYCLE.length]!);
        const isCompanyProperty = owner !== undefined && owner === ownerId.get(COMPANY);
        owner ??= ownerId.get('alice') ?? ownerId.get('bob')!;
        const date = `${year}-${pad(1 + ((i * 5) % 12))}-${pad(1 + ((i * 7) % 28))}`;
        const createdAt = new Date(now - (i * 13 + 1) * HOUR_MS);
        return {
          ownerId: owner,
          make,
          model,
          color,
          fuelType: parseEnum(FUEL_TYPES, fuel)!,
          dateOfProduction: date,
          yearOfProduction: year,
          pricePerDayCents: Math.round(price * 100),
          curbWeightInKg: weight,
          description: describeSeedVehicle(p.typeName, p.row),
          isCompanyProperty,
          vehicleTypeId: ids.typeId.get(p.typeName)!,
          vehicleTypeCategoryId: ids.categoryId.get(`${p.typeName}|${category}`)!,
          createdAt,
          updatedAt: createdAt,
        };
      });
      const inserted = await tx.insert(vehicles).values(rows).returning({ id: vehicles.id });
      await tx
        .insert(vehicleImages)
        .values(
          inserted.flatMap((v, i) =>
            stored[i]!.map((img, position) => ({ vehicleId: v.id, position, largePath: img.largePath, thumbPath: img.thumbPath })),
          ),
        );
      await tx.insert(vehiclePropertyValues).values(inserted.flatMap((v, i) => propertyValues(ids, plan[i]!, v.id)));
    });
  } catch (error) {
    await deleteObjectsQuietly(ctx.images, keysOfStored(stored.flat()));
    throw error;
  }
  ctx.log(`seed: ${plan.length} vehicles with ${stored.flat().length} images in ${Date.now() - started} ms`);
}

async function ensureCatalogue(db: Db): Promise<CatalogueIds> {
  const ids: CatalogueIds = { typeId: new Map(), categoryId: new Map(), propertyIds: new Map() };
  for (const type of SEED_TYPES) {
    const [found] = await db
      .select({ id: vehicleTypes.id })
      .from(vehicleTypes)
      .where(and(sql`lower(${vehicleTypes.name}) = lower(${type.name})`, isNull(vehicleTypes.deletedAt)));
    const typeId =
      found?.id ??
      (
        await db
          .insert(vehicleTypes)
          .values({ name: type.name, translations: SEEDED_TYPE_NAMES[type.name] ?? {} })
          .returning()
      )[0]!.id;
    ids.typeId.set(type.name, typeId);

    const categories = await db
      .select()
      .from(vehicleTypeCategories)
      .where(and(sql`${vehicleTypeCategories.vehicleTypeId} = ${typeId}`, isNull(vehicleTypeCategories.deletedAt)));
    for (const [name, description] of type.categories) {
      const match = categories.find((c) => c.name.toLowerCase() === name.toLowerCase());
      const id =
        match?.id ??
        (
          await db
            .insert(vehicleTypeCategories)
            .values({ name, translations: SEEDED_CATEGORY_NAMES[name] ?? {}, description, vehicleTypeId: typeId })
            .returning()
        )[0]!.id;
      ids.categoryId.set(`${type.name}|${name}`, id);
    }

    const properties = await db
      .select()
      .from(vehicleTypeProperties)
      .where(and(sql`${vehicleTypeProperties.vehicleTypeId} = ${typeId}`, isNull(vehicleTypeProperties.deletedAt)));
    const propertyIds: string[] = [];
    for (const [name, valueType, unit] of type.properties) {
      const match = properties.find((p) => p.name.toLowerCase() === name.toLowerCase());
      const id =
        match?.id ??
        (
          await db
            .insert(vehicleTypeProperties)
            .values({
              name,
              translations: SEEDED_PROPERTY_NAMES[name] ?? {},
              valueType: parseEnum(VALUE_TYPES, valueType)!,
              unitOfMeasurement: parseEnum(UNITS, unit)!,
              vehicleTypeId: typeId,
            })
            .returning()
        )[0]!.id;
      propertyIds.push(id);
    }
    ids.propertyIds.set(type.name, propertyIds);
  }
  return ids;
}

interface PlannedVehicle {
  typeName: string;
  kind: VehicleKind;
  row: SeedVehicleRow;
  variants: number[];
}

/** Interleaves the types so the newest listings mix cars, bikes and trucks; 2 to 4 pictures each. */
function planVehicles(): PlannedVehicle[] {
  const queues = SEED_TYPES.map((t) => ({ type: t, rows: [...(SEED_VEHICLES[t.name] ?? [])] }));
  const plan: PlannedVehicle[] = [];
  while (queues.some((q) => q.rows.length > 0)) {
    for (const q of queues) {
      const row = q.rows.shift();
      if (!row) continue;
      const i = plan.length;
      const count = 2 + (i % 3);
      // Same-kind, same-colour vehicles share their framings, so fewer distinct pictures are drawn.
      const start = (row[5].length + q.type.kind.length) % ART_VARIANTS;
      const variants = Array.from({ length: count }, (_, k) => (start + k) % ART_VARIANTS);
      plan.push({ typeName: q.type.name, kind: q.type.kind, row, variants });
    }
  }
  return plan;
}

const artKey = (kind: VehicleKind, color: string, variant: number) => `${kind}|${color.toLowerCase()}|${variant}`;

/** Renders each distinct picture once (a few at a time), to be copied for every vehicle that shows it. */
async function renderArt(needs: { kind: VehicleKind; color: string; variants: number[] }[]): Promise<Map<string, EncodedImage>> {
  const keys = new Map<string, { kind: VehicleKind; color: string; variant: number }>();
  for (const n of needs)
    for (const variant of n.variants) keys.set(artKey(n.kind, n.color, variant), { kind: n.kind, color: n.color, variant });
  const out = new Map<string, EncodedImage>();
  const queue = [...keys.entries()];
  const worker = async () => {
    for (let next = queue.shift(); next; next = queue.shift()) {
      const [key, { kind, color, variant }] = next;
      out.set(key, await renderVehicleArt(kind, color, variant));
    }
  };
  await Promise.all([worker(), worker(), worker()]);
  return out;
}

function propertyValues(ids: CatalogueIds, p: PlannedVehicle, vehicleId: string) {
  const type = SEED_TYPES.find((t) => t.name === p.typeName)!;
  const propertyIds = ids.propertyIds.get(p.typeName)!;
  const raw = p.row.slice(8);
  return type.properties.map(([name, valueType], k) => {
    const parsed = parsePropertyValue(valueType, raw[k]);
    // Seed data is checked by the same rules as user input; a typo here should fail loudly.
    if (!parsed.ok) throw new Error(`seed: ${p.row[1]} ${p.row[2]} ${name}: ${parsed.message}`);
    return { vehicleId, propertyId: propertyIds[k]!, value: parsed.value };
  });
}

function pad(n: number): string {
  return String(n).padStart(2, '0');
}
