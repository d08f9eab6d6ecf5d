import { randomUUID } from 'node:crypto';
import type { HubConnection } from '@microsoft/signalr';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Notification, NotificationPush } from '@rentdrive/contracts/notifications';
import { createUser, createVehicle, signIn } from '../../../test/factories';
import { buildChatConnection, eventually, startListeningApp, type ListeningApp } from '../../../test/helpers/chat';
import { createEarningUser, createFundedUser, postEmpty, rent, useLedgerCheckedApp } from '../../../test/helpers/money';
import { quietNotifications, type TestApp } from '../../../test/test-app';
import { TestPaymentGateway } from '../../lib/payment-gateway';
import { createRentalsService } from '../rentals/rentals.service';
import { createWalletService } from '../wallet/wallet.service';
import { formatPeriod } from './notifications.service';

type Funded = Awaited<ReturnType<typeof createFundedUser>>;

async function list(t: TestApp, cookie: string | undefined, query = '') {
  return t.app.inject({ method: 'GET', url: `/api/notifications${query}`, headers: cookie ? { cookie } : {} });
}
async function notificationsOf(t: TestApp, user: Funded): Promise<{ items: Notification[]; unreadCount: number; hasMore: boolean }> {
  const res = await list(t, user.cookie);
  expect(res.statusCode).toBe(200);
  return res.json();
}
function markRead(t: TestApp, cookie: string | undefined, payload?: unknown) {
  return payload === undefined
    ? postEmpty(t.app, cookie, '/api/notifications/read')
    : t.app.inject({ method: 'POST', url: '/api/notifications/read', headers: cookie ? { cookie } : {}, payload: payload as object });
}

describe('notifications of money and booking events', () => {
  let t: TestApp;
  useLedgerCheckedApp({ clockStart: '2026-06-01T10:00:00Z' }, async (app) => {
    t = app;
    await createFundedUser(t, 0, { isCompanyAccount: true });
  });

  async function booking(days = ['2026-06-02', '2026-06-03']) {
    const owner = await createFundedUser(t, 0);
    const renter = await createFundedUser(t, 500);
    const vehicle = await createVehicle(t.database, { ownerId: owner.user.id, make: 'Skoda', model: 'Octavia', pricePerDayCents: 5_000 });
    const res = await rent(t.app, renter.cookie, vehicle.id, days);
    expect(res.statusCode).toBe(200);
    return { owner, renter, vehicle, rentalId: res.json().id as string };
  }

  it('refuses anonymous callers', async () => {
    expect((await list(t, undefined)).statusCode).toBe(401);
    expect((await markRead(t, undefined)).statusCode).toBe(401);
  });

  it('tells the owner of a new booking, with the renter, the vehicle, the days and the price, and nobody else', async () => {
    const { owner, renter } = await booking();
    const mine = await notificationsOf(t, owner);
    expect(mine.unreadCount).toBe(1);
    expect(mine.items).toEqual([
      expect.objectContaining({
        type: 'booking-received',
        text: `${renter.user.username} booked your Skoda Octavia for 2-3 Jun 2026 (100.00€).`,
        link: '/profile/vehicles',
        read: false,
      }),
    ]);
    expect((await notificationsOf(t, renter)).items).toEqual([]);
  });

  it('writes nothing when the event itself fails (a rent the wallet cannot pay)', async () => {
    const owner = await createFundedUser(t, 0);
    const poor = await createFundedUser(t, 10);
    const vehicle = await createVehicle(t.database, { ownerId: owner.user.id, pricePerDayCents: 5_000 });
    expect((await rent(t.app, poor.cookie, vehicle.id, ['2026-06-02'])).statusCode).toBe(422);
    expect((await notificationsOf(t, owner)).items).toEqual([]);
  });

  it('tells the owner of a cancellation and the renter of the refund', async () => {
    const { owner, renter, rentalId } = await booking();
    expect((await postEmpty(t.app, renter.cookie, `/api/rental/cancel-rental/${rentalId}`)).statusCode).toBe(200);
    const ownerTypes = (await notificationsOf(t, owner)).items.map((n) => n.type);
    expect(ownerTypes).toEqual(['booking-cancelled', 'booking-received']);
    const renterItems = (await notificationsOf(t, renter)).items;
    expect(renterItems).toEqual([expect.objectContaining({ type: 'refund', link: '/profile/wallet' })]);
    expect(renterItems[0]!.text).toContain('100.00€ refunded');
  });

  it("tells the owner what a confirmed rental earned them (the owner's share), and the renter nothing", async () => {
    const { owner, renter, rentalId } = await booking();
    t.clock.set('2026-06-04T10:00:00Z');
    expect((await postEmpty(t.app, renter.cookie, `/api/rental/confirm-rental/${rentalId}`)).statusCode).toBe(200);
    const [latest] = (await notificationsOf(t, owner)).items;
    expect(latest).toMatchObject({ type: 'rental-completed' });
    expect(latest!.text).toContain('you earned 80.00€');
    expect((await notificationsOf(t, renter)).items).toEqual([]);
  });

  it('tells the renter when a rental was completed automatically', async () => {
    const { owner, renter } = await booking();
    t.clock.set('2026-06-20T10:00:00Z');
    const wallet = createWalletService({ db: t.database.db, clock: t.clock, companyFeePercent: 20, gateway: new TestPaymentGateway() });
    const job = createRentalsService({
      db: t.database.db,
      clock: t.clock,
      timeZone: 'UTC',
      autoCompleteAfterDays: 3,
      wallet,
      notifications: quietNotifications(t),
    });
    expect(await job.completeDueRentals()).toBeGreaterThan(0);
    expect((await notificationsOf(t, renter)).items).toEqual([
      expect.objectContaining({ type: 'rental-auto-completed', link: '/profile/rentals' }),
    ]);
    expect((await notificationsOf(t, owner)).items[0]).toMatchObject({ type: 'rental-completed' });
  });

  it('tells the owner of a review, linking to the vehicle', async () => {
    const { owner, renter, vehicle, rentalId } = await booking();
    t.clock.set('2026-06-04T10:00:00Z');
    await postEmpty(t.app, renter.cookie, `/api/rental/confirm-rental/${rentalId}`);
    // Double-blind (issue 27): the owner hears of the review when it is published, here at once as the owner rated first.
    const rated = await t.app.inject({
      method: 'POST',
      url: `/api/rental/renter-review/${rentalId}`,
      headers: { cookie: owner.cookie },
      payload: { starRating: 5 },
    });
    expect(rated.statusCode).toBe(200);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/vehiclereview/add',
      headers: { cookie: renter.cookie },
      payload: { rentalId, starRating: 4, comment: 'Fine' },
    });
    expect(res.statusCode).toBe(200);
    const [latest] = (await notificationsOf(t, owner)).items;
    expect(latest).toMatchObject({
      type: 'review-received',
      text: `${renter.user.username} rated your Skoda Octavia 4 stars.`,
      link: `/api/vehicle/${vehicle.id}`,
    });
  });

  it('tells the withdrawer that the payout was made, with the masked account', async () => {
    // Earnings: only earned money can be withdrawn (it also brings the owner's rental notifications).
    const user = await createEarningUser(t, 100);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/wallet/withdraw',
      headers: { cookie: user.cookie },
      payload: { amount: 40, accountHolder: 'Olga Owner', iban: 'DE89 3704 0044 0532 0130 00' },
    });
    expect(res.statusCode).toBe(200);
    const paid = (await notificationsOf(t, user)).items.find((item) => item.type === 'withdrawal-paid');
    expect(paid).toMatchObject({ type: 'withdrawal-paid', link: '/profile/wallet' });
    expect(paid!.text).toContain('40.00€');
    expect(paid!.text).not.toContain('370400440532013000');
  });

  it('pages newest first and marks some or all read, never touching another user', async () => {
    const owner = await createFundedUser(t, 0);
    const renter = await createFundedUser(t, 1_000);
    const vehicle = await createVehicle(t.database, { ownerId: owner.user.id, pricePerDayCents: 1_000 });
    for (let day = 2; day <= 6; day++) {
      t.clock.set(`2026-06-01T1${day}:00:00Z`);
      expect((await rent(t.app, renter.cookie, vehicle.id, [`2026-06-0${day}`])).statusCode).toBe(200);
    }
    const first = (await list(t, owner.cookie, '?page=1&pageSize=2')).json();
    expect(first.items.map((n: Notification) => n.text)).toEqual([expect.stringContaining('6 Jun'), expect.stringContaining('5 Jun')]);
    expect(first).toMatchObject({ unreadCount: 5, hasMore: true });
    const last = (await list(t, owner.cookie, '?page=3&pageSize=2')).json();
    expect(last).toMatchObject({ hasMore: false });
    expect(last.items).toHaveLength(1);
    expect((await list(t, owner.cookie, '?pageSize=500')).statusCode).toBe(400);

    // Another user's notification id is ignored, not marked.
    const other = await booking();
    const othersId = (await notificationsOf(t, other.owner)).items[0]!.id;
    const marked = await markRead(t, owner.cookie, { ids: [first.items[0].id, othersId] });
    expect(marked.statusCode).toBe(200);
    expect(marked.json()).toEqual({ unreadCount: 4 });
    expect((await notificationsOf(t, other.owner)).unreadCount).toBe(1);

    expect((await markRead(t, owner.cookie)).json()).toEqual({ unreadCount: 0 });
    expect((await notificationsOf(t, owner)).items.every((n) => n.read)).toBe(true);
    expect((await notificationsOf(t, other.owner)).unreadCount).toBe(1);
  });

  it('refuses a body that is not a list of ids', async () => {
    const user = await createFundedUser(t, 0);
    for (const payload of [{ ids: 'all' }, { ids: ['not-an-id'] }, { ids: [42] }]) {
      const res = await markRead(t, user.cookie, payload);
      expect(res.statusCode).toBe(400);
      expect(res.headers['content-type']).toContain('application/problem+json');
    }
  });

  it('formats periods within a month, across months and across years', () => {
    expect(formatPeriod('2026-12-03', '2026-12-03')).toBe('3 Dec 2026');
    expect(formatPeriod('2026-12-03', '2026-12-05')).toBe('3-5 Dec 2026');
    expect(formatPeriod('2026-11-30', '2026-12-02')).toBe('30 Nov - 2 Dec 2026');
    expect(formatPeriod('2026-12-30', '2027-01-02')).toBe('30 Dec 2026 - 2 Jan 2027');
  });
});

describe('live notifications over the hub', () => {
  let server: ListeningApp;
  const open: HubConnection[] = [];
  beforeAll(async () => {
    server = await startListeningApp({ clockStart: '2026-06-01T10:00:00Z' });
  });
  afterAll(async () => {
    await Promise.all(open.map((c) => c.stop()));
    await server.close();
  });

  async function connect(app: ListeningApp, user: { id: string }) {
    const connection = buildChatConnection(app.baseUrl, { cookie: await signIn(app.database, user) });
    const pushes: NotificationPush[] = [];
    connection.on('ReceiveNotification', (push: NotificationPush) => pushes.push(push));
    open.push(connection);
    await connection.start();
    return pushes;
  }

  it('pushes a booking to every connection of the owner at once, and to no other user', async () => {
    const owner = await createFundedUser(server, 0);
    const stranger = await createFundedUser(server, 0);
    const renter = await createFundedUser(server, 500);
    const ownerTab1 = await connect(server, owner.user);
    const ownerTab2 = await connect(server, owner.user);
    const strangerTab = await connect(server, stranger.user);
    const renterTab = await connect(server, renter.user);
    const vehicle = await createVehicle(server.database, { ownerId: owner.user.id });
    expect((await rent(server.app, renter.cookie, vehicle.id, ['2026-06-02'])).statusCode).toBe(200);

    await eventually(() => {
      expect(ownerTab1).toEqual([{ notification: expect.objectContaining({ type: 'booking-received', read: false }), unreadCount: 1 }]);
      expect(ownerTab2).toEqual(ownerTab1);
    });
    expect(strangerTab).toEqual([]);
    expect(renterTab).toEqual([]);
  });

  it('makes unread messages from one sender one notification, pushed live, read with the conversation', async () => {
    const alice = await createUser(server.database);
    const bob = await createUser(server.database);
    const bobTab = await connect(server, bob);
    const aliceConnection = buildChatConnection(server.baseUrl, { cookie: await signIn(server.database, alice) });
    open.push(aliceConnection);
    await aliceConnection.start();
    await aliceConnection.invoke('SendMessage', bob.id, 'Is the van free on Friday?');
    const last = await aliceConnection.invoke<{ id: string }>('SendMessage', bob.id, 'And Saturday?');

    const bobCookie = await signIn(server.database, bob);
    await eventually(async () => {
      const body = (await server.app.inject({ method: 'GET', url: '/api/notifications', headers: { cookie: bobCookie } })).json();
      expect(body.items).toEqual([
        expect.objectContaining({
          type: 'chat-message',
          text: `${alice.username} sent you a message: "And Saturday?"`,
          link: `/chat?user=${alice.id}`,
        }),
      ]);
      expect(body.unreadCount).toBe(1);
      expect(bobTab.at(-1)?.notification.text).toContain('And Saturday?');
    });

    const read = await server.app.inject({
      method: 'POST',
      url: `/api/chat/mark-read/${alice.id}`,
      headers: { cookie: bobCookie },
      payload: { messageId: last.id },
    });
    expect(read.statusCode).toBe(200);
    const after = (await server.app.inject({ method: 'GET', url: '/api/notifications', headers: { cookie: bobCookie } })).json();
    expect(after.unreadCount).toBe(0);
  });
});

const redisUrl = process.env.TEST_REDIS_URL;

describe.runIf(Boolean(redisUrl))('live notifications across two instances (Redis)', () => {
  let a: ListeningApp;
  let b: ListeningApp;
  const open: HubConnection[] = [];
  beforeAll(async () => {
    const options = {
      clockStart: '2026-06-01T10:00:00Z',
      overrides: { realtimeOptions: { redisKeyPrefix: `rd:test:${randomUUID().slice(0, 8)}` } },
      env: { REDIS_URL: redisUrl! },
    };
    a = await startListeningApp(options);
    b = await startListeningApp({ ...options, database: a.database });
  });
  afterAll(async () => {
    await Promise.all(open.map((c) => c.stop()));
    await b.app.close();
    await a.close();
  });

  it('reaches the owner connected to the other instance, and nobody else', async () => {
    const owner = await createFundedUser(a, 0);
    const stranger = await createFundedUser(a, 0);
    const renter = await createFundedUser(a, 500);
    const pushes = new Map<string, NotificationPush[]>();
    for (const user of [owner, stranger]) {
      const connection = buildChatConnection(b.baseUrl, { cookie: user.cookie });
      const received: NotificationPush[] = [];
      connection.on('ReceiveNotification', (push: NotificationPush) => received.push(push));
      open.push(connection);
      await connection.start();
      pushes.set(user.user.id, received);
    }
    const vehicle = await createVehicle(a.database, { ownerId: owner.user.id });
    expect((await rent(a.app, renter.cookie, vehicle.id, ['2026-06-02'])).statusCode).toBe(200);
    await eventually(() => expect(pushes.get(owner.user.id)).toHaveLength(1));
    expect(pushes.get(stranger.user.id)).toEqual([]);
  });
});
