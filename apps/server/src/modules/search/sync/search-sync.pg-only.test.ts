import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedSearchCatalogue, type SearchCatalogue } from '../../../../test/helpers/search';
import { queryRows, RecordingSink } from '../../../../test/helpers/search-sync';
import { createTestDatabase } from '../../../../test/test-database';
import type { Database, Tx } from '../../../db/client';
import { vehicles } from '../../../db/schema/index';
import { ManualClock } from '../../../lib/clock';
import { createSearchFeed } from './search-feed';
import { createSearchSync } from './search-sync';

/**
 * Transactions that commit in another order than they got their ids (and their seqs): only a real
 * server has several connections. Each open transaction below holds its own pooled connection.
 */
describe('search sync on PostgreSQL: out-of-order commits', () => {
  let database: Database;
  let c: SearchCatalogue;

  beforeAll(async () => {
    database = await createTestDatabase('postgres');
    c = await seedSearchCatalogue(database);
  });
  afterAll(() => database.close());

  /** Opens a transaction, runs `write` in it and keeps it open until the returned commit() is called. */
  async function openWrite(write: (tx: Tx) => Promise<void>) {
    let commit!: () => void;
    const gate = new Promise<void>((resolve) => (commit = resolve));
    let written!: () => void;
    const didWrite = new Promise<void>((resolve) => (written = resolve));
    const done = database.db.transaction(async (tx) => {
      await write(tx);
      written();
      await gate;
    });
    await didWrite;
    return async () => {
      commit();
      await done;
    };
  }

  const setPrice = (id: string, cents: number) => async (tx: Tx) => {
    await tx.update(vehicles).set({ pricePerDayCents: cents }).where(eq(vehicles.id, id));
  };

  it('sees a transaction that took its xid and seq first but committed after a later one', async () => {
    const sink = new RecordingSink();
    const sync = createSearchSync({ feed: createSearchFeed(database), sink, clock: new ManualClock(), pollIntervalMs: 600_000 });
    try {
      await sync.ready();
      const loadedTouches = sink.touches(c.tesla.id);
      const [mark] = await queryRows<{ snapshot: string }>(database.db, sql`select pg_current_snapshot()::text as snapshot`);
      const commitEarly = await openWrite(setPrice(c.a4.id, 6101));
      const commitLate = await openWrite(setPrice(c.tesla.id, 9101));
      // Neither is visible yet; the later one commits first.
      await commitLate();
      await sync.catchUp();
      expect(sink.vehicles.get(c.tesla.id)!.priceCents).toBe(9101);
      expect(sink.vehicles.get(c.a4.id)!.priceCents).toBe(6000);

      await commitEarly();
      await sync.catchUp();
      expect(sink.vehicles.get(c.a4.id)!.priceCents).toBe(6101);
      // The later one was not applied a second time.
      expect(sink.touches(c.tesla.id)).toBe(loadedTouches + 1);
      // The scenario really was out of order: the early write has the lower xid and seq.
      const logged = await queryRows<{ vehicle_id: string; xid: string }>(
        database.db,
        sql`select vehicle_id, xid::text as xid from search_changes
          where not pg_visible_in_snapshot(xid, ${mark!.snapshot}::pg_snapshot) and vehicle_id in (${c.a4.id}::uuid, ${c.tesla.id}::uuid) order by seq`,
      );
      expect(logged.map((r) => r.vehicle_id)).toEqual([c.a4.id, c.tesla.id]);
      expect(BigInt(logged[0]!.xid)).toBeLessThan(BigInt(logged[1]!.xid));
    } finally {
      await sync.close();
    }
  });

  it('sees a transaction in flight during the full load once it commits', async () => {
    const commit = await openWrite(setPrice(c.x5.id, 12_345));
    const sink = new RecordingSink();
    const sync = createSearchSync({ feed: createSearchFeed(database), sink, clock: new ManualClock(), pollIntervalMs: 600_000 });
    try {
      await sync.ready();
      expect(sink.vehicles.get(c.x5.id)!.priceCents).toBe(12_000);
      await commit();
      const version = sync.version;
      await sync.catchUp();
      expect(sync.version).toBeGreaterThan(version);
      expect(sink.vehicles.get(c.x5.id)!.priceCents).toBe(12_345);
    } finally {
      await sync.close();
    }
  });

  it("reads only new rows while another transaction holds every snapshot's xmin back", async () => {
    const feed = createSearchFeed(database);
    // An open transaction with an xid (a pg_dump, an idle session): xmin stays below it meanwhile.
    const release = await openWrite(async (tx) => {
      await tx.execute(sql`select pg_current_xact_id()`);
    });
    try {
      await database.db.update(vehicles).set({ pricePerDayCents: 4001 }).where(eq(vehicles.id, c.corolla.id));
      const seen = await feed.currentSnapshot();
      const again = await feed.poll({ since: seen, horizonDay: '2026-01-01' });
      // The write is above xmin (held back by the open transaction) but was visible to `seen`: not sent again.
      const [write] = await queryRows<{ xid: string }>(
        database.db,
        sql`select max(xid)::text as xid from search_changes where vehicle_id = ${c.corolla.id}::uuid`,
      );
      expect(BigInt(write!.xid)).toBeGreaterThanOrEqual(seen.xmin);
      expect(again.changes).toEqual([]);
      await database.db.update(vehicles).set({ pricePerDayCents: 4002 }).where(eq(vehicles.id, c.corolla.id));
      const next = await feed.poll({ since: seen, horizonDay: '2026-01-01' });
      expect(next.changes.map((ch) => ch.vehicleId)).toEqual([c.corolla.id]);
      expect(next.vehicles[0]!.priceCents).toBe(4002);
    } finally {
      await release();
    }
  });

  it('does not block a rent: the triggers take no lock on the vehicle', async () => {
    // A rent holds the vehicle FOR SHARE while it writes its days; two at once must both finish.
    const sink = new RecordingSink();
    const sync = createSearchSync({ feed: createSearchFeed(database), sink, clock: new ManualClock(), pollIntervalMs: 600_000 });
    try {
      await sync.ready();
      const rent = (day: string) => async (tx: Tx) => {
        await tx.execute(sql`select id from vehicles where id = ${c.cbr.id} for share`);
        const [rental] = await queryRows<{ id: string }>(
          tx,
          sql`insert into rentals (vehicle_id, renter_id, status, start_date, end_date, price_per_day_cents, total_cents, booked_at)
            values (${c.cbr.id}, ${c.owner.id}, 'Active', ${day}, ${day}, 3500, 3500, now()) returning id`,
        );
        await tx.execute(sql`insert into rental_days (vehicle_id, day, rental_id) values (${c.cbr.id}, ${day}, ${rental!.id})`);
      };
      const first = await openWrite(rent('2026-08-01'));
      const second = await openWrite(rent('2026-08-02'));
      await Promise.all([first(), second()]);
      await sync.catchUp();
      expect(sink.vehicles.get(c.cbr.id)!.bookedDays).toEqual(['2026-08-01', '2026-08-02']);
    } finally {
      await sync.close();
    }
  });
});
