import { eq, sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { seedSearchCatalogue, type SearchCatalogue } from '../../../../test/helpers/search';
import { queryRows, RecordingSink } from '../../../../test/helpers/search-sync';
import { createTestDatabase } from '../../../../test/test-database';
import type { Database } from '../../../db/client';
import { vehicles } from '../../../db/schema/index';
import { ManualClock } from '../../../lib/clock';
import { createSearchFeed, parseSnapshot, type FeedSnapshot, type SearchFeed } from './search-feed';
import { createSearchSync, type ChangeNotifications, type SearchSync } from './search-sync';

/** Retries an assertion until it passes or `timeoutMs` pass. */
async function eventually(assertion: () => void, timeoutMs = 10_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    try {
      assertion();
      return;
    } catch (error) {
      if (Date.now() > deadline) throw error;
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
  }
}

/**
 * Freshness by notification (LISTEN/NOTIFY on the change log): an instance answers from its index
 * without polling while nothing was announced, applies announced changes, catches up to a writer's
 * data version on request, and falls back to a periodic poll when a notification is lost.
 */
describe('search sync with change notifications', () => {
  let database: Database;
  let c: SearchCatalogue;
  let feed: SearchFeed;
  const syncs: SearchSync[] = [];

  beforeAll(async () => {
    database = await createTestDatabase();
    c = await seedSearchCatalogue(database);
    feed = createSearchFeed(database);
  });
  afterAll(() => database.close());
  afterEach(async () => {
    for (const s of syncs.splice(0)) await s.close();
  });

  /** The database's own notifications, as the server wires them. */
  const listening: ChangeNotifications = {
    start: ({ onChange, onState }) => database.listen('search_changes', { onNotify: onChange, onState }),
  };
  /** A listener that is up but never hears anything: every notification lost. */
  const deaf: ChangeNotifications = {
    start: async ({ onState }) => {
      onState(true);
      return async () => {};
    },
  };

  async function startSync(notifications: ChangeNotifications, pollIntervalMs = 3_600_000) {
    const sink = new RecordingSink();
    const sync = createSearchSync({ feed, sink, clock: new ManualClock('2026-06-01T10:00:00Z'), notifications, pollIntervalMs });
    syncs.push(sync);
    await sync.ready();
    // The first poll after the listener is up makes notifications trusted.
    await sync.current();
    await eventually(() => expect(sync.isListening).toBe(true));
    return { sink, sync };
  }

  async function setPrice(vehicleId: string, cents: number): Promise<FeedSnapshot> {
    await database.db.update(vehicles).set({ pricePerDayCents: cents }).where(eq(vehicles.id, vehicleId));
    // What a write endpoint answers as its data version: a snapshot taken after the commit.
    const [row] = await queryRows<{ v: string }>(database.db, sql`select pg_current_snapshot()::text as v`);
    return parseSnapshot(row!.v);
  }

  it('applies an announced change without any request asking, and answers from memory otherwise', async () => {
    const { sink, sync } = await startSync(listening);
    const before = sync.version;
    await sync.current();
    expect(sync.version).toBe(before);

    await setPrice(c.corolla.id, 4100);
    await eventually(() => expect(sink.vehicles.get(c.corolla.id)?.priceCents).toBe(4100));
    await sync.current();
    expect(sink.vehicles.get(c.corolla.id)?.priceCents).toBe(4100);
  });

  it("holds a writer's data version after catchUpTo even when the notification is lost", async () => {
    const { sink, sync } = await startSync(deaf);
    const version = await setPrice(c.rav4.id, 5100);
    // Nothing was heard: an answer from memory still has the old price...
    await sync.current();
    expect(sink.vehicles.get(c.rav4.id)?.priceCents).not.toBe(5100);
    // ...but the writer, bringing its version, gets its write.
    await sync.catchUpTo(version);
    expect(sink.vehicles.get(c.rav4.id)?.priceCents).toBe(5100);
  });

  it('brings a lost change in with the fallback poll', async () => {
    const { sink } = await startSync(deaf, 200);
    await setPrice(c.a4.id, 6100);
    await eventually(() => expect(sink.vehicles.get(c.a4.id)?.priceCents).toBe(6100));
  });

  it('polls for every request while the listener is down, and trusts notifications again once it is back', async () => {
    let report!: (isListening: boolean) => void;
    const flaky: ChangeNotifications = {
      start: async ({ onState }) => {
        report = (isListening) => onState(isListening, isListening ? undefined : new Error('connection lost'));
        onState(true);
        return async () => {};
      },
    };
    const sink = new RecordingSink();
    const sync = createSearchSync({
      feed,
      sink,
      clock: new ManualClock('2026-06-01T10:00:00Z'),
      notifications: flaky,
      pollIntervalMs: 3_600_000,
      onError: () => {},
    });
    syncs.push(sync);
    await sync.ready();
    await sync.current();

    report(false);
    expect(sync.isListening).toBe(false);
    await setPrice(c.x5.id, 7100);
    await sync.current();
    expect(sink.vehicles.get(c.x5.id)?.priceCents).toBe(7100);

    report(true);
    await sync.current();
    expect(sync.isListening).toBe(true);
  });
});
