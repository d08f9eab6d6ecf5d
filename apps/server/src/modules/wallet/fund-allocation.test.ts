import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { allocateCardRefund, allocatePayment, type OpenCardFund } from './fund-allocation';

const cents = fc.integer({ min: 1, max: 1_000_000 });
const fundsArb = fc
  .array(fc.integer({ min: 0, max: 200_000 }), { maxLength: 8 })
  .map((amounts) => amounts.map((remainingCents, i): OpenCardFund => ({ id: `f${i}`, remainingCents })));
const cardTotal = (funds: readonly OpenCardFund[]) => funds.reduce((sum, f) => sum + f.remainingCents, 0);

describe('allocatePayment (a rent)', () => {
  it('covers the amount exactly when the wallet can, from card money first (oldest first), then earnings', () => {
    fc.assert(
      fc.property(fundsArb, fc.integer({ min: 0, max: 500_000 }), cents, (funds, withdrawable, amount) => {
        const takes = allocatePayment(funds, withdrawable, amount);
        if (cardTotal(funds) + withdrawable < amount) {
          expect(takes).toBeUndefined();
          return;
        }
        expect(takes).toBeDefined();
        expect(takes!.reduce((sum, take) => sum + take.amountCents, 0)).toBe(amount);
        expect(takes!.every((take) => take.amountCents > 0)).toBe(true);
        const earned = takes!.filter((take) => take.bucket === 'earned');
        const earnedTaken = earned.reduce((sum, take) => sum + take.amountCents, 0);
        // Earnings are touched only when the card money is not enough, and then only for the rest.
        expect(earnedTaken).toBe(Math.max(0, amount - cardTotal(funds)));
        expect(earnedTaken).toBeLessThanOrEqual(withdrawable);
        // No top-up gives more than it has; a top-up is used only once the older ones are empty.
        const card = takes!.filter((take) => take.bucket === 'card');
        for (const take of card) {
          const fund = funds.find((f) => f.id === take.cardFundId)!;
          expect(take.amountCents).toBeLessThanOrEqual(fund.remainingCents);
        }
        const used = card.map((take) => funds.findIndex((f) => f.id === take.cardFundId));
        expect(used).toEqual([...used].sort((a, b) => a - b));
        for (const [k, index] of used.entries()) {
          if (k < used.length - 1) expect(card[k]!.amountCents).toBe(funds[index]!.remainingCents);
          for (let older = 0; older < index; older++) {
            if (funds[older]!.remainingCents > 0) expect(used).toContain(older);
          }
        }
      }),
    );
  });

  it('keeps the most money withdrawable of any split: what is left to withdraw is min(earnings, balance after)', () => {
    fc.assert(
      fc.property(fundsArb, fc.integer({ min: 0, max: 500_000 }), cents, (funds, withdrawable, amount) => {
        const takes = allocatePayment(funds, withdrawable, amount);
        fc.pre(takes !== undefined);
        const earnedTaken = takes.filter((take) => take.bucket === 'earned').reduce((sum, take) => sum + take.amountCents, 0);
        const balanceAfter = cardTotal(funds) + withdrawable - amount;
        expect(withdrawable - earnedTaken).toBe(Math.min(withdrawable, balanceAfter));
      }),
    );
  });
});

describe('allocateCardRefund (refund to card)', () => {
  it('refunds exactly the amount from the newest top-ups first, never more than each has, never earnings', () => {
    fc.assert(
      fc.property(fundsArb, cents, (funds, amount) => {
        const takes = allocateCardRefund(funds, amount);
        if (cardTotal(funds) < amount) {
          expect(takes).toBeUndefined();
          return;
        }
        expect(takes!.reduce((sum, take) => sum + take.amountCents, 0)).toBe(amount);
        const used = takes!.map((take) => funds.findIndex((f) => f.id === take.cardFundId));
        expect(used).toEqual([...used].sort((a, b) => b - a));
        for (const [k, take] of takes!.entries()) {
          const fund = funds[used[k]!]!;
          expect(take.amountCents).toBeGreaterThan(0);
          expect(take.amountCents).toBeLessThanOrEqual(fund.remainingCents);
          // Every top-up newer than the last one used was emptied.
          if (k < takes!.length - 1) expect(take.amountCents).toBe(fund.remainingCents);
        }
        const oldestUsed = Math.min(...used);
        for (let newer = oldestUsed + 1; newer < funds.length; newer++) {
          if (funds[newer]!.remainingCents > 0) expect(used).toContain(newer);
        }
      }),
    );
  });

  it('refuses amounts that are not positive whole cents', () => {
    expect(() => allocateCardRefund([], 0)).toThrow();
    expect(() => allocatePayment([], 10, 1.5)).toThrow();
  });
});
