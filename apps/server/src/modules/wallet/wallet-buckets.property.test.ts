import { asc, eq } from 'drizzle-orm';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { addDays, dayInTimeZone } from '@rentdrive/domain/dates';
import { createVehicle } from '../../../test/factories';
import {
  createFundedUser,
  earn,
  expectLedgerConsistent,
  meBalances,
  postEmpty,
  rent,
  topUp,
  useLedgerCheckedApp,
} from '../../../test/helpers/money';
import type { TestApp } from '../../../test/test-app';
import { cardFunds, ledgerAccounts } from '../../db/schema/index';

/**
 * The attribution rule against the real app: random sequences of top-ups, earnings, rents,
 * cancellations, withdrawals and refunds to card on one wallet, checked after every step against a
 * plain model of the two buckets (earned money; card top-ups, each with what is left of it).
 */
let t: TestApp;
useLedgerCheckedApp({ clockStart: '2026-06-15T10:00:00Z' }, (app) => {
  t = app;
});

type Step =
  | { kind: 'top-up'; cents: number }
  | { kind: 'earn'; cents: number }
  | { kind: 'rent'; cents: number }
  | { kind: 'cancel'; pick: number }
  | { kind: 'withdraw'; cents: number }
  | { kind: 'refund-to-card'; cents: number };

const euros = (min: number, max: number) => fc.integer({ min, max }).map((whole) => whole * 100);
const stepArb: fc.Arbitrary<Step> = fc.oneof(
  euros(1, 60).map((cents) => ({ kind: 'top-up' as const, cents })),
  euros(4, 60).map((cents) => ({ kind: 'earn' as const, cents })),
  euros(1, 90).map((cents) => ({ kind: 'rent' as const, cents })),
  fc.nat({ max: 9 }).map((pick) => ({ kind: 'cancel' as const, pick })),
  euros(10, 60).map((cents) => ({ kind: 'withdraw' as const, cents })),
  fc.integer({ min: 1, max: 6_000 }).map((cents) => ({ kind: 'refund-to-card' as const, cents })),
);

/** The model: what the rules say the wallet holds. */
class Wallet {
  earned = 0;
  topUps: number[] = [];
  rentals: { id: string; takes: { topUp: number | 'earned'; cents: number }[] }[] = [];
  get card() {
    return this.topUps.reduce((sum, left) => sum + left, 0);
  }
  /** Card money first, oldest top-up first, then earnings. */
  pay(cents: number) {
    const takes: { topUp: number | 'earned'; cents: number }[] = [];
    let left = cents;
    for (let i = 0; i < this.topUps.length && left > 0; i++) {
      const take = Math.min(this.topUps[i]!, left);
      if (take > 0) takes.push({ topUp: i, cents: take });
      this.topUps[i]! -= take;
      left -= take;
    }
    if (left > 0) takes.push({ topUp: 'earned', cents: left });
    this.earned -= left;
    return takes;
  }
  /** Newest top-up first. */
  refund(cents: number) {
    let left = cents;
    for (let i = this.topUps.length - 1; i >= 0 && left > 0; i--) {
      const take = Math.min(this.topUps[i]!, left);
      this.topUps[i]! -= take;
      left -= take;
    }
  }
}

describe('wallet buckets under random sequences of movements', () => {
  it('match the model after every step, and the ledger stays consistent', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(stepArb, { minLength: 3, maxLength: 8 }), async (steps) => {
        const { user, cookie } = await createFundedUser(t, 0);
        const owner = await createFundedUser(t, 0);
        const model = new Wallet();
        const rentDay = addDays(dayInTimeZone(t.clock.now(), t.config.timeZone), 5);
        for (const step of steps) {
          if (step.kind === 'top-up') {
            expect((await topUp(t.app, cookie, step.cents / 100)).statusCode).toBe(200);
            model.topUps.push(step.cents);
          } else if (step.kind === 'earn') {
            await earn(t, user.id, step.cents / 100);
            model.earned += step.cents;
          } else if (step.kind === 'rent') {
            const vehicle = await createVehicle(t.database, { ownerId: owner.user.id, pricePerDayCents: step.cents });
            const res = await rent(t.app, cookie, vehicle.id, [rentDay]);
            if (model.card + model.earned >= step.cents) {
              expect(res.statusCode).toBe(200);
              model.rentals.push({ id: res.json<{ id: string }>().id, takes: model.pay(step.cents) });
            } else {
              expect(res.json()).toMatchObject({ status: 422, code: 'insufficient_funds' });
            }
          } else if (step.kind === 'cancel') {
            if (model.rentals.length === 0) continue;
            const [rental] = model.rentals.splice(step.pick % model.rentals.length, 1);
            expect((await postEmpty(t.app, cookie, `/api/rental/cancel-rental/${rental!.id}`)).statusCode).toBe(200);
            for (const take of rental!.takes) {
              if (take.topUp === 'earned') model.earned += take.cents;
              else model.topUps[take.topUp]! += take.cents;
            }
          } else if (step.kind === 'withdraw') {
            const res = await t.app.inject({
              method: 'POST',
              url: '/api/wallet/withdraw',
              headers: { cookie },
              payload: { amount: step.cents / 100, accountHolder: 'Olga Owner', iban: 'DE89370400440532013000' },
            });
            expect(res.statusCode).toBe(model.earned >= step.cents ? 200 : 422);
            if (res.statusCode === 200) model.earned -= step.cents;
          } else {
            const res = await t.app.inject({
              method: 'POST',
              url: '/api/wallet/refund-to-card',
              headers: { cookie },
              payload: { amount: step.cents / 100 },
            });
            expect(res.statusCode).toBe(model.card >= step.cents ? 200 : 422);
            if (res.statusCode === 200) model.refund(step.cents);
          }
          const me = await meBalances(t.app, cookie);
          expect({ withdrawable: Math.round(me.withdrawableBalance * 100), refundable: Math.round(me.refundableToCard * 100) }).toEqual({
            withdrawable: model.earned,
            refundable: model.card,
          });
        }
        // Which charges are left to refund (what the card network would see), top-up by top-up.
        const left = await t.database.db
          .select({ remainingCents: cardFunds.remainingCents })
          .from(cardFunds)
          .innerJoin(ledgerAccounts, eq(ledgerAccounts.id, cardFunds.accountId))
          .where(eq(ledgerAccounts.userId, user.id))
          .orderBy(asc(cardFunds.seq));
        expect(left.map((row) => row.remainingCents)).toEqual(model.topUps);
        await expectLedgerConsistent(t.database);
      }),
      { numRuns: 12 },
    );
  }, 300_000);
});
