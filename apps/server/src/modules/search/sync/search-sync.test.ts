import { and, eq, sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createCategory, createUser, createVehicle, createVehicleType } from '../../../../test/factories';
import { bookDays, seedSearchCatalogue, type SearchCatalogue } from '../../../../test/helpers/search';
import { instrumentedFeed, propertiesOf, queryRows, RecordingSink, sleep } from '../../../../test/helpers/search-sync';
import { createTestDatabase } from '../../../../test/test-database';
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
import { BEFORE_EVERYTHING, createSearchFeed, type SearchFeed } from './search-feed';
import { createSearchSync, type SearchSync } from './search-sync';

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
    feed = createSearchFeed(database);
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

  /** The thumbnail of the vehicle's image at the lowest position, as the database has it. */
  async function firstThumb(vehicleId: string): Promise<string> {
    const [row] = await queryRows<{ thumb_path: string }>(
      database.db,
      sql`select thumb_path from vehicle_images where vehicle_id = ${vehicleId} order by position limit 1`,
    );
    return row!.thumb_path;
  }
  const priceOf = (id: string, of: RecordingSink = sink) => of.vehicles.get(id)?.priceCents;

  it('loads every live vehicle, its values, its booked days from the horizon and the catalogue', async () => {
    expect(sync.horizonDay).toBe('2026-05-31');
    const live = [c.corolla, c.rav4, c.a4, c.x5, c.cbr, c.tesla].map((v) => v.id);
    expect(new Set(sink.vehicles.keys())).toEqual(new Set(live));
    expect(sink.vehicles.has(c.deleted.id)).toBe(false);

    const corolla = sink.vehicles.get(c.corolla.id)!;
    expect(corolla).toEqual({
      id: c.corolla.id,
      live: true,
      typeId: c.car.id,
      categoryId: c.sedan.id,
      make: 'Toyota',
      model: 'Corolla',
      color: 'Blue',
      fuelType: 1,
      priceCents: 4000,
      year: 2018,
      starsTotal: 3,
      reviewCount: 1,
      createdAtMs: Date.UTC(2026, 0, 1, 0, 0),
      searchText: expect.any(String),
      description: 'Economical compact for the city.',
      ownerName: 'search_owner',
      imageURL: await firstThumb(c.corolla.id),
      properties: expect.any(Array),
      bookedDays: [],
      place: null,
    });
    expect(corolla.imageURL).toMatch(/^images\/vehicles\/.+-thumb\.webp$/);
    expect(sink.vehicles.get(c.cbr.id)).toMatchObject({ description: 'Sport bike for_track days.', ownerName: 'search_owner' });
    expect(corolla.searchText).toBe('toyota corolla car sedan petrol 2018 blue economical compact for the city.');
    expect(propertiesOf(corolla)).toEqual({ [c.seats.id]: '5', [c.gearbox.id]: 'Manual' });
    expect(sink.vehicles.get(c.rav4.id)!.bookedDays).toEqual(['2026-06-10', '2026-06-11']);
    expect(sink.vehicles.get(c.cbr.id)!.properties).toEqual([]);

    expect(sink.catalogue!.types).toEqual(
      expect.arrayContaining([
        { id: c.car.id, name: 'Car', live: true },
        { id: c.motorcycle.id, name: 'Motorcycle', live: true },
      ]),
    );
    expect(sink.catalogue!.categories).toEqual(expect.arrayContaining([{ id: c.suv.id, typeId: c.car.id, name: 'SUV', live: true }]));
    expect(sink.catalogue!.properties).toEqual(
      expect.arrayContaining([{ id: c.seats.id.toLowerCase(), typeId: c.car.id, name: 'Seats', valueType: 1, unit: 0, live: true }]),
    );
  });

  it('applies a full load in slices, letting other work run between them, and is ready only at the end', async () => {
    const sliced = new RecordingSink();
    const sizes: number[] = [];
    let watching = true;
    const watch = () => {
      sizes.push(sliced.vehicles.size);
      if (watching) setImmediate(watch);
    };
    watch();
    const own = createSearchSync({ feed, sink: sliced, clock, pollIntervalMs: 600_000, loadSlice: 2 });
    extraSyncs.push(own);
    await own.ready();
    watching = false;
    const total = sliced.vehicles.size;
    expect(total).toBeGreaterThan(4);
    // Other callbacks ran while the load was half applied.
    expect(sizes.some((n) => n > 0 && n < total)).toBe(true);
    // Ready means all of it: the same vehicles as the suite's fully loaded sink.
    expect([...sliced.vehicles.keys()].sort()).toEqual([...sink.vehicles.keys()].sort());
  });

  it('applies a new, updated and soft-deleted vehicle after catchUp', async () => {
    const added = await createVehicle(database, {
      ownerId: c.owner.id,
      vehicleTypeId: c.car.id,
      vehicleTypeCategoryId: c.suv.id,
      make: 'Kia',
      model: 'Sportage',
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
    await database.db
      .update(vehiclePropertyValues)
      .set({ value: '7' })
      .where(and(eq(vehiclePropertyValues.vehicleId, c.a4.id), eq(vehiclePropertyValues.propertyId, c.seats.id)));
    await database.db
      .delete(vehiclePropertyValues)
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
    const logged = await feed.poll({ since: mark, horizonDay: sync.horizonDay });
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

  it('grows the version when a change reaches the sink, and only then', async () => {
    const first = sync.version;
    await sync.catchUp();
    expect(sync.version).toBe(first);
    await database.db.update(vehicles).set({ pricePerDayCents: 12500 }).where(eq(vehicles.id, c.x5.id));
    await sync.catchUp();
    // Applied before catchUp resolves: a search right after it shows the new price.
    expect(sync.version).toBeGreaterThan(first);
    expect(priceOf(c.x5.id)).toBe(12500);
  });

  it('concurrent callers apply a change once and all see it', async () => {
    await database.db.update(vehicles).set({ reviewCount: 3, starsTotal: 12 }).where(eq(vehicles.id, c.x5.id));
    const touches = sink.touches(c.x5.id);
    const seen = await Promise.all(Array.from({ length: 8 }, () => sync.catchUp().then(() => sink.vehicles.get(c.x5.id)!.reviewCount)));
    expect(seen).toEqual(Array(8).fill(3));
    expect(sink.touches(c.x5.id)).toBe(touches + 1);
    expect(sink.vehicles.get(c.x5.id)).toMatchObject({ reviewCount: 3, starsTotal: 12 });
  });

  it('carries the card fields in a poll: description, owner name and first thumbnail', async () => {
    const owner = await createUser(database, { username: 'card_owner' });
    const mark = await feed.currentSnapshot();
    const added = await createVehicle(database, {
      ownerId: owner.id,
      vehicleTypeId: c.car.id,
      vehicleTypeCategoryId: c.sedan.id,
      make: 'Skoda',
      model: 'Octavia',
      description: 'Roomy estate with a tow bar.',
      imageCount: 2,
    });
    const card = { description: 'Roomy estate with a tow bar.', ownerName: 'card_owner', imageURL: await firstThumb(added.id) };
    const polled = await feed.poll({ since: mark, horizonDay: sync.horizonDay });
    expect(polled.vehicles.find((v) => v.id === added.id)).toMatchObject(card);
    await sync.catchUp();
    expect(sink.vehicles.get(added.id)).toMatchObject({ make: 'Skoda', model: 'Octavia', ...card });
  });

  it('gives a vehicle without images a null imageURL, in a poll and in a full load', async () => {
    const bare = await createVehicle(database, {
      ownerId: c.owner.id,
      vehicleTypeId: c.car.id,
      vehicleTypeCategoryId: c.sedan.id,
      imageCount: 0,
    });
    await sync.catchUp();
    expect(sink.vehicles.get(bare.id)).toMatchObject({ id: bare.id, imageURL: null, ownerName: 'search_owner' });
    const loadedSink = new RecordingSink();
    const loaded = createSearchSync({ feed, sink: loadedSink, clock, pollIntervalMs: 600_000 });
    extraSyncs.push(loaded);
    await loaded.ready();
    expect(loadedSink.vehicles.get(bare.id)).toMatchObject({ id: bare.id, imageURL: null });
    expect(loadedSink.vehicles.get(c.rav4.id)!.imageURL).toBe(await firstThumb(c.rav4.id));
  });

  it('shows an added, reordered and deleted image after catchUp', async () => {
    const bare = await createVehicle(database, {
      ownerId: c.owner.id,
      vehicleTypeId: c.car.id,
      vehicleTypeCategoryId: c.suv.id,
      imageCount: 0,
    });
    await sync.catchUp();
    const imageOf = () => sink.vehicles.get(bare.id)!.imageURL;
    expect(imageOf()).toBeNull();
    const version = sync.version;
    // The first upload lands at position 0.
    await database.db.insert(vehicleImages).values({
      vehicleId: bare.id,
      position: 0,
      largePath: 'images/vehicles/front.webp',
      thumbPath: 'images/vehicles/front-thumb.webp',
    });
    await sync.catchUp();
    expect(imageOf()).toBe('images/vehicles/front-thumb.webp');
    expect(sync.version).toBeGreaterThan(version);
    // A second one goes after it: the card keeps the first.
    const [side] = await database.db
      .insert(vehicleImages)
      .values({
        vehicleId: bare.id,
        position: 1,
        largePath: 'images/vehicles/side.webp',
        thumbPath: 'images/vehicles/side-thumb.webp',
      })
      .returning();
    await sync.catchUp();
    expect(imageOf()).toBe('images/vehicles/front-thumb.webp');
    // Reordered (one statement swaps the two): the side view leads.
    await database.db
      .update(vehicleImages)
      .set({ position: sql`1 - ${vehicleImages.position}` })
      .where(eq(vehicleImages.vehicleId, bare.id));
    await sync.catchUp();
    expect(imageOf()).toBe('images/vehicles/side-thumb.webp');
    // A new image placed before the others leads in turn (an existing vehicle's images, too).
    await database.db.insert(vehicleImages).values({
      vehicleId: c.cbr.id,
      position: -1,
      largePath: 'images/vehicles/new.webp',
      thumbPath: 'images/vehicles/new-thumb.webp',
    });
    await sync.catchUp();
    expect(sink.vehicles.get(c.cbr.id)!.imageURL).toBe('images/vehicles/new-thumb.webp');
    // Deleting the leading image shows the next; deleting the last one leaves none.
    await database.db.delete(vehicleImages).where(eq(vehicleImages.id, side!.id));
    await sync.catchUp();
    expect(imageOf()).toBe('images/vehicles/front-thumb.webp');
    await database.db.delete(vehicleImages).where(eq(vehicleImages.vehicleId, bare.id));
    await sync.catchUp();
    expect(imageOf()).toBeNull();
  });

  it("shows an owner's new name on each of their vehicles after catchUp, and ignores other user updates", async () => {
    const owner = await createUser(database, { username: 'renamed_before' });
    const car = await createVehicle(database, { ownerId: owner.id, vehicleTypeId: c.car.id, vehicleTypeCategoryId: c.sedan.id });
    const bike = await createVehicle(database, { ownerId: owner.id, vehicleTypeId: c.motorcycle.id, vehicleTypeCategoryId: c.sport.id });
    await sync.catchUp();
    expect(sink.vehicles.get(car.id)!.ownerName).toBe('renamed_before');
    const beforeRename = sync.version;
    await database.db.update(users).set({ username: 'renamed_after' }).where(eq(users.id, owner.id));
    await sync.catchUp();
    expect(sink.vehicles.get(car.id)!.ownerName).toBe('renamed_after');
    expect(sink.vehicles.get(bike.id)!.ownerName).toBe('renamed_after');
    expect(sink.vehicles.get(c.x5.id)!.ownerName).toBe('search_owner');
    expect(sync.version).toBeGreaterThan(beforeRename);
    // Any other update of a user is not a change.
    const afterRename = sync.version;
    const touches = sink.touches(car.id);
    await database.db.update(users).set({ phoneNumber: '+38640111222' }).where(eq(users.id, owner.id));
    await sync.catchUp();
    expect(sync.version).toBe(afterRename);
    expect(sink.touches(car.id)).toBe(touches);
  });

  it('shows an edited description after catchUp, and searches it', async () => {
    await database.db.update(vehicles).set({ description: 'Quiet, electric and freshly serviced.' }).where(eq(vehicles.id, c.tesla.id));
    expect(sink.vehicles.get(c.tesla.id)!.description).toBe('Quiet and 100% electric.');
    await sync.catchUp();
    expect(sink.vehicles.get(c.tesla.id)!.description).toBe('Quiet, electric and freshly serviced.');
    expect(sink.vehicles.get(c.tesla.id)!.searchText).toContain('freshly serviced');
  });

  it('with two polls allowed in flight, ten catchUps arriving during a poll share one new poll, sent after they arrived', async () => {
    const probe = instrumentedFeed(feed);
    const ownSink = new RecordingSink();
    const own = createSearchSync({ feed: probe.feed, sink: ownSink, clock, pollIntervalMs: 600_000, maxPollsInFlight: 2 });
    extraSyncs.push(own);
    await own.ready();
    const release = probe.hold(1);
    const first = own.catchUp().then(() => priceOf(c.rav4.id, ownSink));
    await probe.answered(1);
    // Committed after the first poll read the database, before the ten calls.
    await database.db.update(vehicles).set({ pricePerDayCents: 7100 }).where(eq(vehicles.id, c.rav4.id));
    const ten = Array.from({ length: 10 }, () => own.catchUp().then(() => priceOf(c.rav4.id, ownSink)));
    // The ten are answered by one poll of their own, without waiting for the first one's answer.
    expect(await Promise.all(ten)).toEqual(Array(10).fill(7100));
    expect(probe.stats.polls).toBe(2);
    release();
    // The first caller's (older) poll answers last and changes nothing.
    expect(await first).toBe(7100);
    expect(priceOf(c.rav4.id, ownSink)).toBe(7100);
    expect(probe.stats.polls).toBe(2);
    expect(probe.stats.maxInFlight).toBe(2);
  });

  it('shares polls: callers arriving during a poll wait for the next one, together (one poll in flight, the default)', async () => {
    const probe = instrumentedFeed(feed);
    const ownSink = new RecordingSink();
    const own = createSearchSync({ feed: probe.feed, sink: ownSink, clock, pollIntervalMs: 600_000 });
    extraSyncs.push(own);
    await own.ready();
    const release = probe.hold(1);
    const first = own.catchUp();
    await probe.answered(1);
    await database.db.update(vehicles).set({ pricePerDayCents: 7200 }).where(eq(vehicles.id, c.rav4.id));
    const ten = Array.from({ length: 10 }, () => own.catchUp().then(() => priceOf(c.rav4.id, ownSink)));
    await sleep(20);
    expect(probe.stats.polls).toBe(1);
    release();
    await first;
    expect(await Promise.all(ten)).toEqual(Array(10).fill(7200));
    expect(probe.stats.polls).toBe(2);
    expect(probe.stats.maxInFlight).toBe(1);
  });

  it('always has a write committed before a catchUp call in the sink when that call resolves', async () => {
    // Answers come back after a pseudo-random delay, so calls keep arriving while polls are in flight.
    let seed = 11;
    const random = () => (seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31) / 2 ** 31;
    const probe = instrumentedFeed(feed, { answerDelayMs: () => Math.floor(random() * 15) });
    const ownSink = new RecordingSink();
    const own = createSearchSync({ feed: probe.feed, sink: ownSink, clock, pollIntervalMs: 600_000 });
    extraSyncs.push(own);
    const car = await createVehicle(database, { ownerId: c.owner.id, vehicleTypeId: c.car.id, vehicleTypeCategoryId: c.sedan.id });
    await own.ready();
    const seenInOrder: number[] = [];
    const checks: Promise<{ written: number; seen: number }>[] = [];
    for (let i = 1; i <= 30; i++) {
      const written = 20_000 + i;
      await database.db.update(vehicles).set({ pricePerDayCents: written }).where(eq(vehicles.id, car.id));
      // Every fourth caller polls again as soon as its first catchUp resolves (polls then overlap).
      const call = i % 4 === 0 ? own.catchUp().then(() => own.catchUp()) : own.catchUp();
      checks.push(
        call.then(() => {
          const seen = priceOf(car.id, ownSink)!;
          seenInOrder.push(seen);
          return { written, seen };
        }),
      );
      await sleep(Math.floor(random() * 8));
    }
    const results = await Promise.all(checks);
    expect(results.filter((r) => r.seen < r.written)).toEqual([]);
    // The sink never went back to an older price.
    expect(seenInOrder).toEqual([...seenInOrder].sort((a, b) => a - b));
    expect(priceOf(car.id, ownSink)).toBe(20_030);
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
    // Two polls of one instance may be out at once (a request does not wait for the end of a poll it
    // missed). Of two overlapping polls, the one sent earlier reads the database first but may answer last.
    const probe = instrumentedFeed(feed);
    const slowSink = new RecordingSink();
    const slow = createSearchSync({ feed: probe.feed, sink: slowSink, clock, pollIntervalMs: 600_000, maxPollsInFlight: 2 });
    extraSyncs.push(slow);
    await slow.ready();
    const releaseFirst = probe.hold(1);
    const releaseSecond = probe.hold(2);
    // Poll 3 reads only after poll 2 has, with a newer write committed in between.
    probe.beforeQuery(3, async () => {
      await probe.answered(2);
      await database.db.update(vehicles).set({ pricePerDayCents: 3602 }).where(eq(vehicles.id, c.cbr.id));
    });
    const first = slow.catchUp();
    await probe.answered(1);
    await database.db.update(vehicles).set({ pricePerDayCents: 3601 }).where(eq(vehicles.id, c.cbr.id));
    const second = slow.catchUp(); // poll 2, in the second slot: reads 3601, its answer held back
    await probe.answered(2);
    const third = slow.catchUp(); // waits for a free slot
    const touches = slowSink.touches(c.cbr.id);
    releaseFirst();
    await third;
    expect(probe.stats.polls).toBe(3);
    // Poll 3 (3602) is applied while poll 2's answer (3601, older) is still held back.
    expect(priceOf(c.cbr.id, slowSink)).toBe(3602);
    releaseSecond();
    await Promise.all([first, second]);
    expect(priceOf(c.cbr.id, slowSink)).toBe(3602);
    expect(slowSink.touches(c.cbr.id)).toBe(touches + 1);
    expect(probe.stats.maxInFlight).toBe(2);
  });

  it('keeps two instances on one database current', async () => {
    const otherSink = new RecordingSink();
    const other = createSearchSync({ feed: createSearchFeed(database), sink: otherSink, clock, pollIntervalMs: 600_000 });
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
      (await feed.poll({ since: BEFORE_EVERYTHING, horizonDay: sync.horizonDay })).changes.map((ch) => ch.vehicleId);
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
    // Four requests at once: each sees the rename when its catchUp resolves; one reload serves them all.
    const seen = await Promise.all(Array.from({ length: 4 }, () => limited.catchUp().then(() => small.vehicles.get(c.a4.id)!.searchText)));
    expect(small.clears).toBe(clears + 1);
    expect(seen.every((text) => text.includes('car saloon'))).toBe(true);
    expect(small.catalogue!.categories).toContainEqual({ id: c.sedan.id, typeId: c.car.id, name: 'Saloon', live: true });
    // The card fields come with the reload too.
    expect(small.vehicles.get(c.a4.id)).toMatchObject({ description: 'Comfortable business sedan.', ownerName: 'search_owner' });
    // The next poll finds nothing new.
    const version = limited.version;
    await limited.catchUp();
    expect(limited.version).toBe(version);
    expect(small.clears).toBe(clears + 1);
  });

  it('lists vehicles booked within a window', async () => {
    expect(await feed.bookedVehicleIds('2026-05-01', '2026-05-25')).toEqual([c.rav4.id]);
    expect(await feed.bookedVehicleIds('2026-05-22', '2026-06-09')).toEqual([]);
  });
});
