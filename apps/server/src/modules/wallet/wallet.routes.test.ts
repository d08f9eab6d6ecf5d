import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { createUser, signIn } from '../../../test/factories';
import { expectLedgerConsistent, topUp, VALID_CARD, useLedgerCheckedApp } from '../../../test/helpers/money';
import { createTestApp, type TestApp } from '../../../test/test-app';
import type { PaymentGateway } from '../../lib/payment-gateway';

let t: TestApp;
useLedgerCheckedApp({ clockStart: '2026-06-15T10:00:00Z' }, (app) => {
  t = app;
});

async function signedInUser() {
  const user = await createUser(t.database);
  return { user, cookie: await signIn(t.database, user) };
}

async function history(cookie: string) {
  return t.app.inject({ method: 'GET', url: '/api/wallettransaction/history', headers: { cookie } });
}

async function me(cookie: string) {
  const res = await t.app.inject({ method: 'GET', url: '/api/account/me', headers: { cookie } });
  return res.json<{ balance: number; pendingBalance: number }>();
}

describe('POST /api/wallet/add-funds', () => {
  it('deposits the amount and answers the new history item', async () => {
    const { cookie } = await signedInUser();
    const res = await topUp(t.app, cookie, 100.5);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ type: 'Deposit', amount: 100.5, createdOn: '2026-06-15T10:00:00.000Z' });
    const list = (await history(cookie)).json();
    expect(list).toEqual([res.json()]);
    expect((await me(cookie)).balance).toBe(100.5);
    await expectLedgerConsistent(t.database);
  });

  it('accepts the existing client spelling: numeric strings and other casing', async () => {
    const { cookie } = await signedInUser();
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/wallet/add-funds',
      headers: { cookie },
      payload: { Amount: '25', CardHolderName: 'Bob', CardNumber: '4242424242424242', Cvv: '0123', ExpiryMonth: '07', ExpiryYear: '2027' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().amount).toBe(25);
  });

  it('lists the newest transaction first', async () => {
    const { cookie } = await signedInUser();
    await topUp(t.app, cookie, 10);
    await topUp(t.app, cookie, 20);
    const amounts = (await history(cookie)).json().map((i: { amount: number }) => i.amount);
    expect(amounts).toEqual([20, 10]);
  });

  it.each([
    ['amount 0', { amount: 0 }, 'amount', 'The amount must be at least 1.00€.'],
    ['3 decimals', { amount: 10.123 }, 'amount', 'The amount can have at most 2 decimals.'],
    ['10,001', { amount: 10_001 }, 'amount', 'The amount can be at most 10,000.00€.'],
    ['a missing amount', { amount: undefined }, 'amount', 'Amount is required.'],
    ['a bad Luhn digit', { cardNumber: '4242 4242 4242 4241' }, 'cardNumber', 'The card number is not valid.'],
    ['letters in the card number', { cardNumber: '4242 4242 abcd 4242' }, 'cardNumber', 'The card number may contain digits only.'],
    ['17 digits', { cardNumber: '42424242424242420' }, 'cardNumber', 'The card number must have 12 to 16 digits.'],
    ['a past expiry', { expiryYear: 2026, expiryMonth: 5 }, 'expiryMonth', 'The card has expired.'],
    ['month 13', { expiryMonth: 13 }, 'expiryMonth', 'Expiry month must be between 01 and 12.'],
    ['a year 12 years ahead', { expiryYear: 2038 }, 'expiryYear', 'Expiry year must be within the next 12 years.'],
    ['a 2-digit CVV', { cvv: '12' }, 'cvv', 'CVV must have 3 or 4 digits.'],
    ['no holder name', { cardHolderName: ' ' }, 'cardHolderName', 'Cardholder name is required.'],
  ])('refuses %s with 400 and a field message', async (_name, change, field, message) => {
    const { cookie } = await signedInUser();
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/wallet/add-funds',
      headers: { cookie },
      payload: { amount: 50, ...VALID_CARD, ...change },
    });
    expect(res.statusCode).toBe(400);
    expect(res.headers['content-type']).toContain('application/problem+json');
    expect(res.json().errors[field]).toContain(message);
    expect((await history(cookie)).json()).toEqual([]);
  });

  it('answers 422 payment_declined for the declined test card and moves no money', async () => {
    const { cookie } = await signedInUser();
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/wallet/add-funds',
      headers: { cookie },
      payload: { amount: 50, ...VALID_CARD, cardNumber: '4000 0000 0000 0002' },
    });
    expect(res.statusCode).toBe(422);
    expect(res.json()).toMatchObject({ code: 'payment_declined', detail: expect.stringMatching(/declined/) });
    expect((await history(cookie)).json()).toEqual([]);
    await expectLedgerConsistent(t.database);
  });

  it('refuses anonymous callers with 401', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/api/wallet/add-funds', payload: { amount: 50, ...VALID_CARD } });
    expect(res.statusCode).toBe(401);
    // Before the body is looked at: an anonymous caller learns nothing about validation.
    expect((await t.app.inject({ method: 'POST', url: '/api/wallet/add-funds', payload: { amount: 0 } })).statusCode).toBe(401);
    expect((await t.app.inject({ method: 'GET', url: '/api/wallettransaction/history' })).statusCode).toBe(401);
  });

  it('answers a retry with the same Idempotency-Key with the first answer and pays once', async () => {
    const { cookie } = await signedInUser();
    const first = await topUp(t.app, cookie, 40, { 'idempotency-key': 'topup-1' });
    const retry = await topUp(t.app, cookie, 40, { 'idempotency-key': 'topup-1' });
    expect(retry.statusCode).toBe(200);
    expect(retry.json()).toEqual(first.json());
    expect((await me(cookie)).balance).toBe(40);
    const other = await topUp(t.app, cookie, 40, { 'idempotency-key': 'topup-2' });
    expect(other.json().id).not.toBe(first.json().id);
    expect((await me(cookie)).balance).toBe(80);
    await expectLedgerConsistent(t.database);
  });

  it('refuses a key reused for a different amount', async () => {
    const { cookie } = await signedInUser();
    await topUp(t.app, cookie, 40, { 'idempotency-key': 'same' });
    const res = await topUp(t.app, cookie, 41, { 'idempotency-key': 'same' });
    expect(res.statusCode).toBe(422);
    expect(res.json().code).toBe('idempotency_key_reused');
    expect((await me(cookie)).balance).toBe(40);
  });

  it('compares the whole request: the same key with another card (same last four) or holder is 422, not the first answer', async () => {
    const { cookie } = await signedInUser();
    const first = await topUp(t.app, cookie, 40, { 'idempotency-key': 'whole' });
    expect(first.statusCode).toBe(200);
    const otherCard = await t.app.inject({
      method: 'POST',
      url: '/api/wallet/add-funds',
      headers: { cookie, 'idempotency-key': 'whole' },
      payload: { ...VALID_CARD, cardNumber: '4000 0000 0002 4242', amount: 40 },
    });
    expect(otherCard.statusCode).toBe(422);
    expect(otherCard.json()).toMatchObject({ code: 'idempotency_key_reused', detail: expect.stringContaining('different request') });
    const otherHolder = await t.app.inject({
      method: 'POST',
      url: '/api/wallet/add-funds',
      headers: { cookie, 'idempotency-key': 'whole' },
      payload: { ...VALID_CARD, cardHolderName: 'Mallory', amount: 40 },
    });
    expect(otherHolder.json().code).toBe('idempotency_key_reused');
    // The same request again gets the first answer.
    const same = await topUp(t.app, cookie, 40, { 'idempotency-key': 'whole' });
    expect(same.json()).toEqual(first.json());
    expect((await me(cookie)).balance).toBe(40);
  });

  it('keeps keys per user: the same key from two users pays both', async () => {
    const a = await signedInUser();
    const b = await signedInUser();
    await topUp(t.app, a.cookie, 15, { 'idempotency-key': 'k' });
    await topUp(t.app, b.cookie, 15, { 'idempotency-key': 'k' });
    expect((await me(b.cookie)).balance).toBe(15);
  });

  it('never stores the card number or the CVV', async () => {
    const { cookie } = await signedInUser();
    await topUp(t.app, cookie, 12.34, { 'idempotency-key': 'card-check' });
    const dump = await t.database.db.execute(sql`
      select coalesce(string_agg(t::text, ' '), '') as text from (
        select row_to_json(x)::text as t from ledger_transactions x
        union all select row_to_json(y)::text from idempotency_keys y
        union all select row_to_json(z)::text from ledger_postings z) all_rows`);
    const text = (dump as { rows: { text: string }[] }).rows[0]!.text;
    expect(text).toContain('4242');
    expect(text).not.toContain('4242424242424242');
    expect(text).not.toMatch(/"cvv"|\b123\b/);
  });

  it('uses an injected payment gateway', async () => {
    const seen: number[] = [];
    const gateway: PaymentGateway = {
      async charge(charge) {
        seen.push(charge.amountCents);
        return { approved: false, reason: 'Gateway unavailable, try again later.' };
      },
      async payout() {
        return { paid: false, reason: 'Gateway unavailable, try again later.' };
      },
      async refund() {
        return { refunded: false, reason: 'Gateway unavailable, try again later.' };
      },
    };
    const other = await createTestApp({ overrides: { paymentGateway: gateway }, clockStart: '2026-06-15T10:00:00Z' });
    try {
      const user = await createUser(other.database);
      const res = await topUp(other.app, await signIn(other.database, user), 9.99);
      expect(res.statusCode).toBe(422);
      expect(res.json().detail).toBe('Gateway unavailable, try again later.');
      expect(seen).toEqual([999]);
    } finally {
      await other.close();
    }
  });
});
