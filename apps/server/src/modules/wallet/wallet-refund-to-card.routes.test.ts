import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { createVehicle } from '../../../test/factories';
import {
  createEarningUser,
  createFundedUser,
  expectLedgerConsistent,
  meBalances,
  postEmpty,
  rent,
  topUp,
  useLedgerCheckedApp,
  VALID_CARD,
} from '../../../test/helpers/money';
import { createTestApp, type TestApp } from '../../../test/test-app';
import type { CardRefund, PaymentGateway } from '../../lib/payment-gateway';

let t: TestApp;
useLedgerCheckedApp({ clockStart: '2026-06-15T10:00:00Z' }, (app) => {
  t = app;
});

function refundToCard(cookie: string | undefined, payload: unknown, headers: Record<string, string> = {}) {
  return t.app.inject({
    method: 'POST',
    url: '/api/wallet/refund-to-card',
    headers: { ...(cookie ? { cookie } : {}), ...headers },
    payload: payload as object,
  });
}

async function history(cookie: string) {
  return (await t.app.inject({ method: 'GET', url: '/api/wallettransaction/history', headers: { cookie } })).json<
    { type: string; amount: number }[]
  >();
}

async function externalBalance(): Promise<number> {
  const result = await t.database.db.execute(sql`select balance_cents from ledger_accounts where kind = 'external' and user_id is null`);
  return Number((result as { rows: { balance_cents: string }[] }).rows[0]!.balance_cents);
}

describe('POST /api/wallet/refund-to-card', () => {
  it('sends unspent card money back to its card: answers the Refund to Card row and lists it first', async () => {
    const { cookie } = await createFundedUser(t, 80);
    const before = await externalBalance();
    const res = await refundToCard(cookie, { amount: 30 });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      id: expect.any(String),
      createdOn: '2026-06-15T10:00:00.000Z',
      type: 'Refund to Card',
      amount: -30,
      refundedCards: ['•••• 4242'],
    });
    expect((await history(cookie))[0]).toMatchObject({ id: res.json().id, type: 'Refund to Card', amount: -30 });
    expect(await meBalances(t.app, cookie)).toMatchObject({ balance: 50, refundableToCard: 50, withdrawableBalance: 0 });
    // Back to the outside world the top-up came from.
    expect((await externalBalance()) - before).toBe(3000);
  });

  it('never refunds earned money to a card, nor more than the top-ups left', async () => {
    const { cookie } = await createEarningUser(t, 100, 20);
    expect(await meBalances(t.app, cookie)).toMatchObject({ balance: 120, withdrawableBalance: 100, refundableToCard: 20 });
    const res = await refundToCard(cookie, { amount: 20.01 });
    expect(res.statusCode).toBe(422);
    expect(res.headers['content-type']).toContain('application/problem+json');
    expect(res.json()).toMatchObject({ code: 'insufficient_funds', detail: expect.stringContaining('Refundable to card') });
    expect((await refundToCard(cookie, { amount: 20 })).statusCode).toBe(200);
    expect(await meBalances(t.app, cookie)).toMatchObject({ balance: 100, withdrawableBalance: 100, refundableToCard: 0 });
    expect((await refundToCard(cookie, { amount: 0.01 })).statusCode).toBe(422);
  });

  it('takes the newest top-ups first, one gateway refund per top-up, each naming its charge', async () => {
    const refunds: CardRefund[] = [];
    const gateway: PaymentGateway = {
      async charge(charge) {
        return { approved: true, reference: `charge-${charge.cardNumber.slice(-4)}-${charge.amountCents}` };
      },
      async payout() {
        return { paid: true, reference: 'p' };
      },
      async refund(refund) {
        refunds.push(refund);
        return { refunded: true, reference: `refund-${refunds.length}` };
      },
    };
    const other = await createTestApp({ overrides: { paymentGateway: gateway }, clockStart: '2026-06-15T10:00:00Z' });
    try {
      const { cookie } = await createFundedUser(other, 10);
      await other.app.inject({
        method: 'POST',
        url: '/api/wallet/add-funds',
        headers: { cookie },
        payload: { ...VALID_CARD, cardNumber: '5555 5555 5555 4444', amount: 20 },
      });
      await topUp(other.app, cookie, 5);
      const res = await other.app.inject({
        method: 'POST',
        url: '/api/wallet/refund-to-card',
        headers: { cookie, 'idempotency-key': 'r1' },
        payload: { amount: 30 },
      });
      expect(res.statusCode).toBe(200);
      expect(res.json().refundedCards).toEqual(['•••• 4242', '•••• 4444']);
      expect(refunds).toEqual([
        { amountCents: 500, chargeReference: 'charge-4242-500', cardLast4: '4242', idempotencyKey: expect.stringContaining('r1') },
        { amountCents: 2000, chargeReference: 'charge-4444-2000', cardLast4: '4444', idempotencyKey: expect.stringContaining('r1') },
        { amountCents: 500, chargeReference: 'charge-4242-1000', cardLast4: '4242', idempotencyKey: expect.stringContaining('r1') },
      ]);
      expect(new Set(refunds.map((r) => r.idempotencyKey)).size).toBe(3);
      expect(await meBalances(other.app, cookie)).toMatchObject({ balance: 5, refundableToCard: 5 });
      await expectLedgerConsistent(other.database);
    } finally {
      await other.close();
    }
  });

  it("answers 422 refund_refused with the gateway's reason and moves nothing", async () => {
    const gateway: PaymentGateway = {
      async charge() {
        return { approved: true, reference: 'c' };
      },
      async payout() {
        return { paid: true, reference: 'p' };
      },
      async refund() {
        return { refunded: false, reason: 'The card issuer is not answering.' };
      },
    };
    const other = await createTestApp({ overrides: { paymentGateway: gateway }, clockStart: '2026-06-15T10:00:00Z' });
    try {
      const { cookie } = await createFundedUser(other, 40);
      const res = await other.app.inject({
        method: 'POST',
        url: '/api/wallet/refund-to-card',
        headers: { cookie },
        payload: { amount: 40 },
      });
      expect(res.statusCode).toBe(422);
      expect(res.json()).toMatchObject({ code: 'refund_refused', detail: 'The card issuer is not answering.' });
      expect(await meBalances(other.app, cookie)).toMatchObject({ balance: 40, refundableToCard: 40 });
      await expectLedgerConsistent(other.database);
    } finally {
      await other.close();
    }
  });

  it('answers a retry with the same Idempotency-Key with the first answer; another amount under that key is 422', async () => {
    const { cookie } = await createFundedUser(t, 50);
    const first = await refundToCard(cookie, { amount: 10 }, { 'idempotency-key': 'refund-1' });
    const retry = await refundToCard(cookie, { amount: 10 }, { 'idempotency-key': 'refund-1' });
    expect(retry.statusCode).toBe(200);
    expect(retry.json()).toEqual(first.json());
    const reused = await refundToCard(cookie, { amount: 11 }, { 'idempotency-key': 'refund-1' });
    expect(reused.statusCode).toBe(422);
    expect(reused.json().code).toBe('idempotency_key_reused');
    expect((await meBalances(t.app, cookie)).balance).toBe(40);
  });

  it.each([
    ['no amount', {}, 'Amount is required.'],
    ['zero', { amount: 0 }, 'The amount must be at least 0.01€.'],
    ['a negative amount', { amount: -5 }, 'The amount must be at least 0.01€.'],
    ['3 decimals', { amount: 1.005 }, 'The amount can have at most 2 decimals.'],
    ['letters', { amount: 'all' }, 'Enter an amount in euros, like 25.00.'],
  ])('refuses %s with 400 and a field message', async (_name, payload, message) => {
    const { cookie } = await createFundedUser(t, 20);
    const res = await refundToCard(cookie, payload);
    expect(res.statusCode).toBe(400);
    expect(res.json().errors.amount).toContain(message);
    expect((await meBalances(t.app, cookie)).balance).toBe(20);
  });

  it('accepts a numeric string and other key casing', async () => {
    const { cookie } = await createFundedUser(t, 20);
    const res = await refundToCard(cookie, { Amount: '7.25' });
    expect(res.statusCode).toBe(200);
    expect(res.json().amount).toBe(-7.25);
  });

  it('refuses anonymous callers with 401', async () => {
    expect((await refundToCard(undefined, { amount: 1 })).statusCode).toBe(401);
  });

  it('is in the OpenAPI document', async () => {
    const doc = (await t.app.inject({ method: 'GET', url: '/api/docs/json' })).json();
    expect(JSON.stringify(doc.paths['/api/wallet/refund-to-card'].post.requestBody)).toContain('amount');
  });
});

describe('which money a rent spends', () => {
  it('spends card money before earnings, so the earnings stay withdrawable', async () => {
    const renter = await createEarningUser(t, 100, 50);
    const owner = await createFundedUser(t, 0);
    const vehicle = await createVehicle(t.database, { ownerId: owner.user.id, pricePerDayCents: 7_000 });
    expect((await rent(t.app, renter.cookie, vehicle.id, ['2026-06-20'])).statusCode).toBe(200);
    // 70 €: the 50 € top-up, then 20 € of the earnings.
    expect(await meBalances(t.app, renter.cookie)).toMatchObject({ balance: 80, refundableToCard: 0, withdrawableBalance: 80 });
  });

  it('a cancelled rental gives each bucket back what it took', async () => {
    const renter = await createEarningUser(t, 100, 50);
    const owner = await createFundedUser(t, 0);
    const vehicle = await createVehicle(t.database, { ownerId: owner.user.id, pricePerDayCents: 7_000 });
    const rented = await rent(t.app, renter.cookie, vehicle.id, ['2026-06-21']);
    expect((await postEmpty(t.app, renter.cookie, `/api/rental/cancel-rental/${rented.json().id}`)).statusCode).toBe(200);
    expect(await meBalances(t.app, renter.cookie)).toMatchObject({ balance: 150, refundableToCard: 50, withdrawableBalance: 100 });
  });

  it('a refund to card in between leaves the cancelled rental its own money', async () => {
    const renter = await createFundedUser(t, 100);
    const owner = await createFundedUser(t, 0);
    const vehicle = await createVehicle(t.database, { ownerId: owner.user.id, pricePerDayCents: 6_000 });
    const rented = await rent(t.app, renter.cookie, vehicle.id, ['2026-06-22']);
    expect((await refundToCard(renter.cookie, { amount: 40 })).statusCode).toBe(200);
    expect((await refundToCard(renter.cookie, { amount: 0.01 })).statusCode).toBe(422);
    expect((await postEmpty(t.app, renter.cookie, `/api/rental/cancel-rental/${rented.json().id}`)).statusCode).toBe(200);
    expect(await meBalances(t.app, renter.cookie)).toMatchObject({ balance: 60, refundableToCard: 60, withdrawableBalance: 0 });
  });
});
