import { randomUUID } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { Database } from '../../../db/client';
import {
  rentalDays,
  users,
  vehicleImages,
  vehiclePropertyValues,
  vehicleTypeCategories,
  vehicleTypeProperties,
  vehicleTypes,
  vehicles,
} from '../../../db/schema/index';
import { ManualClock } from '../../../lib/clock';
import { createCategory, createUser, createVehicle, createVehicleType } from '../../../../test/factories';
import { createTestDatabase } from '../../../../test/test-database';
import { bookDays, seedSearchCatalogue, type SearchCatalogue } from '../search-fixture';
import { BEFORE_EVERYTHING, createSearchFeed, type SearchFeed } from './search-feed';
import { createSearchSync, type SearchSync } from './search-sync';
import { propertiesOf, queryRows, RecordingSink } from './sync-test-kit';

describe('search sync (change feed into the index)', () => {
  let database: Database;
  let c: SearchCatalogue;
  let feed: SearchFeed;
  let clock: ManualClock;
  let sink: RecordingSink;
  let sync: SearchSync;
  const extraSyncs: SearchSync[] = [];

  beforeAll(async () => {
    database = await createTestDatabase();
    c = await seedSearchCatalogue(database);
    // Before the horizon (today 2026-06-01, horizon 2026-05-31), then after it.
    await bookDays(database, c.rav4.id, ['2026-05-20', '2026-05-21']);
    await bookDays(database, c.rav4.id, ['2026-06-10', '2026-06-11']);
    feed = createSearchFeed(database.db);
  });
  afterAll(() => database.close());

  beforeEach(async () => {
    clock = new ManualClock('2026-06-01T10:00:00Z');
    sink = new RecordingSink();
    // A long background period: each test decides when to poll.
    sync = createSearchSync({ feed, sink, clock, pollIntervalMs: 600_000 });
    await sync.ready();
  });
  afterEach(async () => {
    await sync.close();
    for (const s of extraSyncs.splice(0)) await s.close();
  });

  it('loads every live vehicle, its values, its booked days from the horizon and the catalogue', async () => {
    expect(sync.horizonDay).toBe('2026-05-31');
    const live = [c.corolla, c.rav4, c.a4, c.x5, c.cbr, c.tesla].map((v) => v.id);
    expect(new Set(sink.vehicles.keys())).toEqual(new Set(live));
    expect(sink.vehicles.has(c.deleted.id)).toBe(false);

    const corolla = sink.vehicles.get(c.corolla.id)!;
    expect(corolla).toEqual({
      id: c.corolla.id, live: true, typeId: c.car.id, categoryId: c.sedan.id, make: 'Toyota', model: 'Corolla', color: 'Blue',
      fuelType: 1, priceCents: 4000, year: 2018, starsTotal: 3, reviewCount: 1,
      createdAtMs: Date.UTC(2026, 0, 1, 0, 0), searchText: expect.any(String),
      properties: expect.any(Array), bookedDays: [],
    });
    expect(corolla.searchText).toBe('toyota corolla car sedan petrol 2018 blue economical compact for the city.');
    expect(propertiesOf(corolla)).toEqual({ [c.seats.id]: '5', [c.gearbox.id]: 'Manual' });
    expect(sink.vehicles.get(c.rav4.id)!.bookedDays).toEqual(['2026-06-10', '2026-06-11']);
    expect(sink.vehicles.get(c.cbr.id)!.properties).toEqual([]);

    expect(sink.catalogue!.types).toEqual(expect.arrayContaining([
      { id: c.car.id, name: 'Car', live: true },
      { id: c.motorcycle.id, name: 'Motorcycle', live: true },
    ]));
    expect(sink.catalogue!.categories).toEqual(expect.arrayContaining([{ id: c.suv.id, typeId: c.car.id, name: 'SUV', live: true }]));
    expect(sink.catalogue!.properties).toEqual(expect.arrayContaining([
      { id: c.seats.id.toLowerCase(), typeId: c.car.id, name: 'Seats', valueType: 1, unit: 0, live: true },
    ]));
  });

  it('applies a new, updated and soft-deleted vehicle after catchUp', async () => {
    const added = await createVehicle(database, {
      ownerId: c.owner.id, vehicleTypeId: c.car.id, vehicleTypeCategoryId: c.suv.id, make: 'Kia', model: 'Sportage',
      properties: { [c.seats.id]: '5' },
    });
    expect(sink.vehicles.has(added.id)).toBe(false);
    const before = sync.version;
    await sync.catchUp();
    expect(sync.version).toBeGreaterThan(before);
    expect(sink.vehicles.get(added.id)).toMatchObject({ make: 'Kia', model: 'Sportage', categoryId: c.suv.id });
    expect(propertiesOf(sink.vehicles.get(added.id))).toEqual({ [c.seats.id]: '5' });

    await database.db.update(vehicles).set({ pricePerDayCents: 6100, color: 'Green' }).where(eq(vehicles.id, added.id));
    await sync.catchUp();
    expect(sink.vehicles.get(added.id)).toMatchObject({ priceCents: 6100, color: 'Green' });
    expect(sink.vehicles.get(added.id)!.searchText).toContain('green');

    await database.db.update(vehicles).set({ deletedAt: new Date() }).where(eq(vehicles.id, added.id));
    await sync.catchUp();
    expect(sink.vehicles.has(added.id)).toBe(false);
  });

  it('applies property values and rental days inserted, updated and deleted', async () => {
    await database.db.update(vehiclePropertyValues).set({ value: '7' })
      .where(and(eq(vehiclePropertyValues.vehicleId, c.a4.id), eq(vehiclePropertyValues.propertyId, c.seats.id)));
    await database.db.delete(vehiclePropertyValues)
      .where(and(eq(vehiclePropertyValues.vehicleId, c.a4.id), eq(vehiclePropertyValues.propertyId, c.gearbox.id)));
    await database.db.insert(vehiclePropertyValues).values({ vehicleId: c.cbr.id, propertyId: c.seats.id, value: '2' });
    const mark = await feed.currentSnapshot();
    const rental = await bookDays(database, c.tesla.id, ['2026-06-20', '2026-06-21', '2026-06-22']);
    await sync.catchUp();
    expect(propertiesOf(sink.vehicles.get(c.a4.id))).toEqual({ [c.seats.id]: '7' });
    expect(propertiesOf(sink.vehicles.get(c.cbr.id))).toEqual({ [c.seats.id]: '2' });
    expect(sink.vehicles.get(c.tesla.id)!.bookedDays).toEqual(['2026-06-20', '2026-06-21', '2026-06-22']);

    // A cancellation deletes the rental's days.
    await database.db.delete(rentalDays).where(eq(rentalDays.rentalId, rental.id));
    await sync.catchUp();
    expect(sink.vehicles.get(c.tesla.id)!.bookedDays).toEqual([]);
    // The rent's three days were one change (one statement), applied once.
    const logged = await feed.poll({ since: mark, cardIds: [], horizonDay: sync.horizonDay });
    expect(logged.changes.filter((ch) => ch.vehicleId === c.tesla.id)).toHaveLength(2);
  });

  it('does not apply a change twice', async () => {
    await database.db.update(vehicles).set({ pricePerDayCents: 9100 }).where(eq(vehicles.id, c.tesla.id));
    await sync.catchUp();
    expect(sink.vehicles.get(c.tesla.id)!.priceCents).toBe(9100);
    const touches = sink.touches(c.tesla.id);
    const version = sync.version;
    await sync.catchUp();
    await sync.catchUp();
    expect(sink.touches(c.tesla.id)).toBe(touches);
    expect(sync.version).toBe(version);
  });

  it('answers cards in the order asked, and changed=true once something changed', async () => {
    const missing = randomUUID();
    const first = await sync.cardsIfCurrent([c.x5.id, c.corolla.id, missing, c.cbr.id]);
    expect(first.changed).toBe(false);
    expect(first.cards.map((card) => card.id)).toEqual([c.x5.id, c.corolla.id, c.cbr.id]);
    expect(first.cards[0]).toMatchObject({
      make: 'BMW', model: 'X5', vehicleType: 'Car', vehicleTypeCategory: 'SUV', yearOfProduction: 2022, priceCents: 12000,
      fuelType: 2, ownerName: 'search_owner', starsTotal: 9, reviewCount: 2,
    });
    expect(first.cards[1]!.imageURL).toMatch(/^images\/vehicles\/.+-thumb\.webp$/);

    await database.db.update(vehicles).set({ pricePerDayCents: 12500 }).where(eq(vehicles.id, c.x5.id));
    const second = await sync.cardsIfCurrent([c.x5.id]);
    expect(second.changed).toBe(true);
    expect(second.version).toBe(sync.version);
    // Applied before the answer: the caller recomputes from an index that has it.
    expect(sink.vehicles.get(c.x5.id)!.priceCents).toBe(12500);
    expect(second.cards[0]!.priceCents).toBe(12500);
    const third = await sync.cardsIfCurrent([c.x5.id]);
    expect(third.changed).toBe(false);
    // A version the caller computed with earlier than the current one is reported as changed.
    expect((await sync.cardsIfCurrent([c.x5.id], first.version)).changed).toBe(true);
  });

  it('concurrent callers apply a change once and all see it', async () => {
    await database.db.update(vehicles).set({ reviewCount: 3, starsTotal: 12 }).where(eq(vehicles.id, c.x5.id));
    const touches = sink.touches(c.x5.id);
    const answers = await Promise.all(Array.from({ length: 8 }, () => sync.cardsIfCurrent([c.x5.id])));
    expect(sink.touches(c.x5.id)).toBe(touches + 1);
    expect(answers.every((a) => a.cards[0]!.reviewCount === 3)).toBe(true);
    expect(answers.some((a) => a.changed)).toBe(true);
    expect(sink.vehicles.get(c.x5.id)).toMatchObject({ reviewCount: 3, starsTotal: 12 });
  });

  it('logs image and owner name changes (cards change, the version grows)', async () => {
    const version = sync.version;
    await database.db.insert(vehicleImages).values({
      vehicleId: c.cbr.id, position: -1, largePath: 'images/vehicles/new.webp', thumbPath: 'images/vehicles/new-thumb.webp',
    });
    const afterImage = await sync.cardsIfCurrent([c.cbr.id]);
    expect(afterImage.changed).toBe(true);
    expect(afterImage.cards[0]!.imageURL).toBe('images/vehicles/new-thumb.webp');
    expect(sync.version).toBeGreaterThan(version);

    const owner = await createUser(database, { username: 'renamed_before' });
    const car = await createVehicle(database, { ownerId: owner.id, vehicleTypeId: c.car.id, vehicleTypeCategoryId: c.sedan.id });
    await sync.catchUp();
    const beforeRename = sync.version;
    await database.db.update(users).set({ username: 'renamed_after' }).where(eq(users.id, owner.id));
    const afterRename = await sync.cardsIfCurrent([car.id]);
    expect(afterRename.changed).toBe(true);
    expect(afterRename.cards[0]!.ownerName).toBe('renamed_after');
    expect(sync.version).toBeGreaterThan(beforeRename);
    // Any other update of a user is not a change.
    await database.db.update(users).set({ phoneNumber: '+38640111222' }).where(eq(users.id, owner.id));
    expect((await sync.cardsIfCurrent([car.id])).changed).toBe(false);
  });

  it('applies a catalogue rename and the search text it renames', async () => {
    const type = await createVehicleType(database, { name: 'Van' });
    const category = await createCategory(database, type.id, { name: 'Minibus' });
    const van = await createVehicle(database, { ownerId: c.owner.id, vehicleTypeId: type.id, vehicleTypeCategoryId: category.id });
    await sync.catchUp();
    expect(sink.catalogue!.types).toContainEqual({ id: type.id, name: 'Van', live: true });
    expect(sink.vehicles.get(van.id)!.searchText).toContain('van minibus');

    await database.db.update(vehicleTypes).set({ name: 'Camper' }).where(eq(vehicleTypes.id, type.id));
    await database.db.update(vehicleTypeCategories).set({ deletedAt: new Date() }).where(eq(vehicleTypeCategories.id, category.id));
    await database.db.update(vehicleTypeProperties).set({ name: 'Seat count' }).where(eq(vehicleTypeProperties.id, c.seats.id));
    await sync.catchUp();
    expect(sink.catalogue!.types).toContainEqual({ id: type.id, name: 'Camper', live: true });
    expect(sink.catalogue!.categories).toContainEqual({ id: category.id, typeId: type.id, name: 'Minibus', live: false });
    expect(sink.catalogue!.properties.find((p) => p.id === c.seats.id.toLowerCase())!.name).toBe('Seat count');
    expect(sink.vehicles.get(van.id)!.searchText).toContain('camper minibus');
  });

  it('does not let a late response of an older poll undo a newer one', async () => {
    // The first poll's answer is held back until a second poll (which saw a later write) is applied.
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    let calls = 0;
    const slowFeed: SearchFeed = {
      ...feed,
      poll: async (request) => {
        const result = await feed.poll(request);
        if (++calls === 1) await held;
        return result;
      },
    };
    const slowSink = new RecordingSink();
    const slow = createSearchSync({ feed: slowFeed, sink: slowSink, clock, pollIntervalMs: 600_000 });
    extraSyncs.push(slow);
    await slow.ready();
    await database.db.update(vehicles).set({ pricePerDayCents: 3601 }).where(eq(vehicles.id, c.cbr.id));
    const first = slow.catchUp();
    while (calls < 1) await new Promise((r) => setTimeout(r, 5));
    await database.db.update(vehicles).set({ pricePerDayCents: 3602 }).where(eq(vehicles.id, c.cbr.id));
    await slow.catchUp();
    expect(slowSink.vehicles.get(c.cbr.id)!.priceCents).toBe(3602);
    release();
    await first;
    expect(slowSink.vehicles.get(c.cbr.id)!.priceCents).toBe(3602);
  });

  it('keeps two instances on one database current', async () => {
    const otherSink = new RecordingSink();
    const other = createSearchSync({ feed: createSearchFeed(database.db), sink: otherSink, clock, pollIntervalMs: 600_000 });
    extraSyncs.push(other);
    await other.ready();
    // A write through "this" instance is read by both on their next request.
    await database.db.update(vehicles).set({ pricePerDayCents: 4400 }).where(eq(vehicles.id, c.corolla.id));
    await sync.catchUp();
    await other.catchUp();
    expect(sink.vehicles.get(c.corolla.id)!.priceCents).toBe(4400);
    expect(otherSink.vehicles.get(c.corolla.id)!.priceCents).toBe(4400);
  });

  it('reloads everything when its cursor is older than the pruned log', async () => {
    const added = await createVehicle(database, { ownerId: c.owner.id, vehicleTypeId: c.car.id, vehicleTypeCategoryId: c.sedan.id });
    // Eleven minutes without a poll (database down, say) while another instance prunes the log.
    clock.set('2026-06-01T10:11:00Z');
    await feed.prune(await feed.currentCursor());
    const clears = sink.clears;
    await sync.catchUp();
    expect(sink.clears).toBe(clears + 1);
    expect(sink.vehicles.get(added.id)).toMatchObject({ id: added.id, make: 'Toyota' });
    expect(sink.vehicles.size).toBeGreaterThan(6);
    expect(sink.catalogue).toBeDefined();
  });

  it('prunes only change rows of transactions settled the prune age ago', async () => {
    const early = await createVehicle(database, { ownerId: c.owner.id, vehicleTypeId: c.car.id, vehicleTypeCategoryId: c.sedan.id });
    // On a shared PostgreSQL server another database's open transaction holds every snapshot's xmin
    // back; wait until the early write is settled for this test's snapshots.
    const [latest] = await queryRows<{ xid: string }>(database.db, sql`select max(xid)::text as xid from search_changes`);
    for (let i = 0; i < 100 && (await feed.currentCursor()) <= BigInt(latest!.xid); i++) await new Promise((r) => setTimeout(r, 50));
    const ownClock = new ManualClock('2026-06-01T10:00:00Z');
    const pruner = createSearchSync({ feed, sink: new RecordingSink(), clock: ownClock, pollIntervalMs: 600_000 });
    extraSyncs.push(pruner);
    await pruner.ready();
    await database.db.update(vehicles).set({ pricePerDayCents: 4500 }).where(eq(vehicles.id, c.corolla.id));
    const logged = async () =>
      (await feed.poll({ since: BEFORE_EVERYTHING, cardIds: [], horizonDay: sync.horizonDay })).changes.map((ch) => ch.vehicleId);
    expect(await logged()).toEqual(expect.arrayContaining([early.id, c.corolla.id]));
    // Five minutes on: nothing has been settled for ten minutes yet.
    ownClock.set('2026-06-01T10:05:00Z');
    await pruner.catchUp();
    await pruner.pruneNow();
    expect(await logged()).toEqual(expect.arrayContaining([early.id, c.corolla.id]));
    // Ten minutes after the load: what had settled by then goes; the change made after it stays.
    ownClock.set('2026-06-01T10:10:01Z');
    await pruner.pruneNow();
    const left = await logged();
    expect(left).not.toContain(early.id);
    expect(left).toContain(c.corolla.id);
  });

  it('reloads once instead of sending more changed vehicles than the limit to every poller', async () => {
    const small = new RecordingSink();
    const limited = createSearchSync({ feed, sink: small, clock, pollIntervalMs: 600_000, maxChangedVehicles: 2 });
    extraSyncs.push(limited);
    await limited.ready();
    // Renaming a category rewrites the search text of each of its vehicles (three here).
    await database.db.update(vehicleTypeCategories).set({ name: 'Saloon' }).where(eq(vehicleTypeCategories.id, c.sedan.id));
    const clears = small.clears;
    const answers = await Promise.all(Array.from({ length: 4 }, () => limited.cardsIfCurrent([c.a4.id])));
    expect(small.clears).toBe(clears + 1);
    expect(answers.some((a) => a.changed)).toBe(true);
    expect(small.vehicles.get(c.a4.id)!.searchText).toContain('car saloon');
    expect(small.catalogue!.categories).toContainEqual({ id: c.sedan.id, typeId: c.car.id, name: 'Saloon', live: true });
    // The next poll finds nothing new.
    expect((await limited.cardsIfCurrent([c.a4.id])).changed).toBe(false);
  });

  it('lists vehicles booked within a window', async () => {
    expect(await feed.bookedVehicleIds('2026-05-01', '2026-05-25')).toEqual([c.rav4.id]);
    expect(await feed.bookedVehicleIds('2026-05-22', '2026-06-09')).toEqual([]);
  });
});
