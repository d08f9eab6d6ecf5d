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
  useLedgerCheckedApp,
} from '../../../test/helpers/money';
import { createTestApp, type TestApp } from '../../../test/test-app';
import { REFUSED_TEST_IBAN, type PaymentGateway, type Payout } from '../../lib/payment-gateway';

// A valid German IBAN as people type it, and its normalized form.
const IBAN = 'DE89 3704 0044 0532 0130 00';
const IBAN_DIGITS = 'DE89370400440532013000';
const BODY = { amount: 25.5, accountHolder: 'Olga Owner', iban: IBAN };

let t: TestApp;
useLedgerCheckedApp({ clockStart: '2026-06-15T10:00:00Z' }, (app) => {
  t = app;
});

function withdraw(cookie: string | undefined, payload: unknown, headers: Record<string, string> = {}) {
  return t.app.inject({
    method: 'POST',
    url: '/api/wallet/withdraw',
    headers: { ...(cookie ? { cookie } : {}), ...headers },
    payload: payload as object,
  });
}

async function history(cookie: string) {
  return (await t.app.inject({ method: 'GET', url: '/api/wallettransaction/history', headers: { cookie } })).json<
    {
      type: string;
      amount: number;
      payoutAccount?: string;
    }[]
  >();
}

async function payoutsBalance(): Promise<number> {
  const result = await t.database.db.execute(sql`select balance_cents from ledger_accounts where kind = 'payouts' and user_id is null`);
  return Number((result as { rows: { balance_cents: string }[] }).rows[0]!.balance_cents);
}

describe('POST /api/wallet/withdraw', () => {
  it('pays the amount out, answers the Withdraw row (negative, the account masked) and lists it first', async () => {
    const { cookie } = await createEarningUser(t, 100);
    const before = await payoutsBalance();
    const res = await withdraw(cookie, BODY);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      id: expect.any(String),
      createdOn: '2026-06-15T10:00:00.000Z',
      type: 'Withdraw',
      amount: -25.5,
      payoutAccount: 'DE•• •••• 3000',
    });
    expect((await history(cookie))[0]).toEqual(res.json());
    expect((await meBalances(t.app, cookie)).balance).toBe(74.5);
    // Out of the wallet into the payouts account, nothing else.
    expect((await payoutsBalance()) - before).toBe(2550);
  });

  it('accepts the whole balance, other key casing, numeric strings and an IBAN in lower case without spaces', async () => {
    const { cookie } = await createEarningUser(t, 12.34);
    const res = await withdraw(cookie, { Amount: '12.34', AccountHolder: 'Olga', IBAN: IBAN_DIGITS.toLowerCase() });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ amount: -12.34, payoutAccount: 'DE•• •••• 3000' });
    expect((await meBalances(t.app, cookie)).balance).toBe(0);
  });

  it('refuses more than the balance with 422 insufficient_funds and moves nothing', async () => {
    const { cookie } = await createEarningUser(t, 30);
    const res = await withdraw(cookie, { ...BODY, amount: 30.01 });
    expect(res.statusCode).toBe(422);
    expect(res.json()).toMatchObject({ code: 'insufficient_funds', detail: expect.stringMatching(/^Insufficient funds/) });
    expect((await meBalances(t.app, cookie)).balance).toBe(30);
    expect((await history(cookie)).map((h) => h.type)).toEqual(['Rental Profit']);
  });

  it('never pays out card money: a top-up goes back only to its card', async () => {
    const { cookie } = await createFundedUser(t, 100);
    expect(await meBalances(t.app, cookie)).toMatchObject({ balance: 100, withdrawableBalance: 0, refundableToCard: 100 });
    const refused = await withdraw(cookie, BODY);
    expect(refused.statusCode).toBe(422);
    expect(refused.json()).toMatchObject({ code: 'insufficient_funds', detail: expect.stringContaining('refunded to that card') });
    expect((await history(cookie)).map((h) => h.type)).toEqual(['Deposit']);
  });

  it('pays out earnings up to what was earned, with card money beside them', async () => {
    const { cookie } = await createEarningUser(t, 50, 100);
    expect(await meBalances(t.app, cookie)).toMatchObject({ balance: 150, withdrawableBalance: 50, refundableToCard: 100 });
    expect((await withdraw(cookie, { ...BODY, amount: 50.01 })).json().code).toBe('insufficient_funds');
    expect((await withdraw(cookie, { ...BODY, amount: 50 })).statusCode).toBe(200);
    expect(await meBalances(t.app, cookie)).toMatchObject({ balance: 100, withdrawableBalance: 0, refundableToCard: 100 });
  });

  it('never pays out pending earnings: they are in escrow until the rental completes', async () => {
    const owner = await createFundedUser(t, 0);
    const renter = await createFundedUser(t, 500);
    const vehicle = await createVehicle(t.database, { ownerId: owner.user.id, pricePerDayCents: 10_000 });
    expect((await rent(t.app, renter.cookie, vehicle.id, ['2026-06-16', '2026-06-17'])).statusCode).toBe(200);
    expect(await meBalances(t.app, owner.cookie)).toEqual(expect.objectContaining({ balance: 0, pendingBalance: 160 }));
    const refused = await withdraw(owner.cookie, { ...BODY, amount: 10 });
    expect(refused.statusCode).toBe(422);
    expect(refused.json().code).toBe('insufficient_funds');

    // Once completed, the earnings are in the wallet and can leave it.
    t.clock.set('2026-06-18T10:00:00Z');
    try {
      const rentals = (await t.app.inject({ method: 'GET', url: '/api/rental/my-rentals', headers: { cookie: renter.cookie } })).json();
      expect((await postEmpty(t.app, renter.cookie, `/api/rental/confirm-rental/${rentals[0].id}`)).statusCode).toBe(200);
      expect((await meBalances(t.app, owner.cookie)).balance).toBe(160);
      expect((await withdraw(owner.cookie, { ...BODY, amount: 160 })).statusCode).toBe(200);
      expect((await meBalances(t.app, owner.cookie)).balance).toBe(0);
    } finally {
      t.clock.set('2026-06-15T10:00:00Z');
    }
  });

  it("answers 422 payout_refused for the bank's refused test IBAN and moves nothing", async () => {
    const { cookie } = await createEarningUser(t, 50);
    const res = await withdraw(cookie, { ...BODY, iban: REFUSED_TEST_IBAN });
    expect(res.statusCode).toBe(422);
    expect(res.json()).toMatchObject({ code: 'payout_refused', detail: expect.stringMatching(/refused/) });
    expect((await meBalances(t.app, cookie)).balance).toBe(50);
    expect(await history(cookie)).toHaveLength(1);
  });

  it.each([
    ['9.99 €', { amount: 9.99 }, 'amount', 'The amount must be at least 10.00€.'],
    ['3 decimals', { amount: 10.005 }, 'amount', 'The amount can have at most 2 decimals.'],
    ['no amount', { amount: undefined }, 'amount', 'Amount is required.'],
    ['letters as amount', { amount: 'ten' }, 'amount', 'Enter an amount in euros, like 25.00.'],
    ['no holder', { accountHolder: '  ' }, 'accountHolder', 'Account holder is required.'],
    ['a bad check digit', { iban: 'DE89 3704 0044 0532 0130 01' }, 'iban', 'This IBAN is not valid: check it for typos.'],
    ['a short IBAN', { iban: 'DE89 3704 0044 0532 0130 0' }, 'iban', 'An IBAN from DE has 22 characters; this one has 21.'],
    ['an unknown country', { iban: 'QQ89 3704 0044 0532 0130 00' }, 'iban', 'This IBAN does not start with a known country code.'],
    ['no IBAN', { iban: undefined }, 'iban', 'IBAN is required.'],
  ])('refuses %s with 400 and a field message, moving nothing', async (_name, change, field, message) => {
    const { cookie } = await createEarningUser(t, 100);
    const res = await withdraw(cookie, { ...BODY, ...change });
    expect(res.statusCode).toBe(400);
    expect(res.headers['content-type']).toContain('application/problem+json');
    expect(res.json().errors[field]).toContain(message);
    expect((await meBalances(t.app, cookie)).balance).toBe(100);
  });

  it('refuses a body that is not an object with 400', async () => {
    const { cookie } = await createEarningUser(t, 100);
    for (const payload of [[BODY], 'DE89', 42]) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/wallet/withdraw',
        headers: { cookie, 'content-type': 'application/json' },
        payload: JSON.stringify(payload),
      });
      expect(res.statusCode).toBe(400);
    }
  });

  it('refuses anonymous callers with 401 before looking at the body', async () => {
    expect((await withdraw(undefined, BODY)).statusCode).toBe(401);
    expect((await withdraw(undefined, { amount: 1 })).statusCode).toBe(401);
  });

  it('answers a retry with the same Idempotency-Key with the first answer and pays out once', async () => {
    const { cookie } = await createEarningUser(t, 100);
    const first = await withdraw(cookie, BODY, { 'idempotency-key': 'payout-1' });
    const retry = await withdraw(cookie, BODY, { 'idempotency-key': 'payout-1' });
    expect(retry.statusCode).toBe(200);
    expect(retry.json()).toEqual(first.json());
    expect((await meBalances(t.app, cookie)).balance).toBe(74.5);
    const reused = await withdraw(cookie, { ...BODY, amount: 26 }, { 'idempotency-key': 'payout-1' });
    expect(reused.statusCode).toBe(422);
    expect(reused.json().code).toBe('idempotency_key_reused');
    // The whole request counts, the full IBAN included: another account with the same last four is
    // another request (not the first payout's answer), and so is another holder.
    const otherAccount = await withdraw(cookie, { ...BODY, iban: 'DE75 5121 0800 1245 1261 99' }, { 'idempotency-key': 'payout-1' });
    expect(otherAccount.statusCode).toBe(422);
    expect(otherAccount.headers['content-type']).toContain('application/problem+json');
    expect(otherAccount.json()).toMatchObject({ code: 'idempotency_key_reused', detail: expect.stringContaining('different request') });
    const sameLastFour = await withdraw(cookie, { ...BODY, iban: 'DE45 1001 0010 0001 2330 00' }, { 'idempotency-key': 'payout-1' });
    expect(sameLastFour.json().code).toBe('idempotency_key_reused');
    const otherHolder = await withdraw(cookie, { ...BODY, accountHolder: 'Mallory' }, { 'idempotency-key': 'payout-1' });
    expect(otherHolder.json().code).toBe('idempotency_key_reused');
    // The same request typed differently (spaces, lower case) is the same request.
    const sameAccount = await withdraw(cookie, { ...BODY, iban: IBAN_DIGITS.toLowerCase() }, { 'idempotency-key': 'payout-1' });
    expect(sameAccount.json()).toEqual(first.json());
    expect((await meBalances(t.app, cookie)).balance).toBe(74.5);
    // A new key is a new withdrawal.
    expect((await withdraw(cookie, BODY, { 'idempotency-key': 'payout-2' })).json().id).not.toBe(first.json().id);
    expect((await meBalances(t.app, cookie)).balance).toBe(49);
  });

  it('keeps only the masked account: the full IBAN is nowhere in the database', async () => {
    const { cookie } = await createEarningUser(t, 100);
    expect((await withdraw(cookie, BODY, { 'idempotency-key': 'mask-check' })).statusCode).toBe(200);
    const dump = await t.database.db.execute(sql`
      select coalesce(string_agg(t, ' '), '') as text from (
        select row_to_json(x)::text as t from ledger_transactions x
        union all select row_to_json(y)::text from idempotency_keys y
        union all select row_to_json(z)::text from ledger_postings z) all_rows`);
    const text = (dump as { rows: { text: string }[] }).rows[0]!.text;
    expect(text).toContain('DE•• •••• 3000');
    expect(text).toContain('Olga Owner');
    expect(text).not.toContain(IBAN_DIGITS);
    // Eight digits of the middle: a shorter piece could turn up by chance in a random UUID of the dump.
    expect(text).not.toContain('37040044');
    expect(text).not.toContain('05320130');
  });

  it('hands the gateway the full, normalized IBAN, the holder, the cents and a key; its refusal text reaches the user', async () => {
    const seen: Payout[] = [];
    const gateway: PaymentGateway = {
      async charge() {
        return { approved: true, reference: 'c' };
      },
      async payout(payout) {
        seen.push(payout);
        return { paid: false, reason: 'The bank is closed for maintenance.' };
      },
      async refund() {
        return { refunded: true, reference: 'r' };
      },
    };
    const other = await createTestApp({ overrides: { paymentGateway: gateway }, clockStart: '2026-06-15T10:00:00Z' });
    try {
      const { cookie } = await createEarningUser(other, 40);
      const res = await other.app.inject({
        method: 'POST',
        url: '/api/wallet/withdraw',
        headers: { cookie, 'idempotency-key': 'k1' },
        payload: BODY,
      });
      expect(res.statusCode).toBe(422);
      expect(res.json().detail).toBe('The bank is closed for maintenance.');
      expect(seen).toEqual([
        { amountCents: 2550, iban: IBAN_DIGITS, accountHolder: 'Olga Owner', idempotencyKey: expect.stringContaining('k1') },
      ]);
      expect((await meBalances(other.app, cookie)).balance).toBe(40);
      await expectLedgerConsistent(other.database);
    } finally {
      await other.close();
    }
  });

  it('is in the OpenAPI document with its body', async () => {
    const doc = (await t.app.inject({ method: 'GET', url: '/api/docs/json' })).json();
    const operation = doc.paths['/api/wallet/withdraw'].post;
    expect(JSON.stringify(operation.requestBody)).toContain('accountHolder');
  });
});
