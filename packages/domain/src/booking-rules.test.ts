import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  CANCELLATION_POLICIES,
  DEFAULT_BOOKING_RULES,
  checkBookingRules,
  discountPercentFor,
  priceBreakdown,
  refundFor,
  refundRuleFor,
} from './booking-rules';
import { addDays } from './dates';
import { splitRentalPayment } from './fees';

const price = fc.integer({ min: 1, max: 1_000_000 });
const days = fc.integer({ min: 1, max: 190 });
const percent = fc.integer({ min: 0, max: 90 });
const policy = fc.constantFrom(...CANCELLATION_POLICIES);
const today = '2026-06-01';

describe('price breakdown', () => {
  it('keeps today’s price with the default rules: days × price, no discount, no deposit', () => {
    expect(priceBreakdown(4_999, 3, DEFAULT_BOOKING_RULES)).toEqual({
      days: 3,
      pricePerDayCents: 4_999,
      subtotalCents: 14_997,
      discountPercent: 0,
      discountCents: 0,
      totalCents: 14_997,
      depositCents: 0,
    });
  });

  it('applies the weekly discount from 7 days and the monthly one from 28', () => {
    const rules = { weeklyDiscountPercent: 10, monthlyDiscountPercent: 25, depositCents: 30_000 };
    expect(priceBreakdown(5_000, 6, rules)).toMatchObject({ subtotalCents: 30_000, discountCents: 0, totalCents: 30_000 });
    expect(priceBreakdown(5_000, 7, rules)).toMatchObject({
      discountPercent: 10,
      discountCents: 3_500,
      totalCents: 31_500,
      depositCents: 30_000,
    });
    expect(priceBreakdown(5_000, 28, rules)).toMatchObject({ discountPercent: 25, discountCents: 35_000, totalCents: 105_000 });
    // A month never gets less than a week would.
    expect(discountPercentFor(30, { weeklyDiscountPercent: 10, monthlyDiscountPercent: 0 })).toBe(10);
  });

  it('never creates or loses a cent, and the discount is never negative nor more than the subtotal', () => {
    fc.assert(
      fc.property(price, days, percent, percent, fc.integer({ min: 0, max: 100_000 }), (p, d, weekly, monthly, deposit) => {
        const b = priceBreakdown(p, d, { weeklyDiscountPercent: weekly, monthlyDiscountPercent: monthly, depositCents: deposit });
        expect(Number.isInteger(b.totalCents) && Number.isInteger(b.discountCents)).toBe(true);
        expect(b.subtotalCents).toBe(p * d);
        expect(b.discountCents).toBeGreaterThanOrEqual(0);
        expect(b.discountCents).toBeLessThanOrEqual(b.subtotalCents);
        expect(b.totalCents + b.discountCents).toBe(b.subtotalCents);
        expect(b.totalCents).toBeGreaterThan(0);
        expect(b.depositCents).toBe(deposit);
      }),
    );
  });

  it('a longer stay never costs less in total than a shorter one with the same rules', () => {
    fc.assert(
      fc.property(price, days, percent, percent, (p, d, weekly, monthly) => {
        const rules = { weeklyDiscountPercent: weekly, monthlyDiscountPercent: monthly, depositCents: 0 };
        // Only within one discount band: crossing into a band may lower the total by design.
        const next = priceBreakdown(p, d + 1, rules);
        const here = priceBreakdown(p, d, rules);
        if (next.discountPercent === here.discountPercent) expect(next.totalCents).toBeGreaterThanOrEqual(here.totalCents);
      }),
    );
  });
});

describe('booking rules', () => {
  const rules = { minDays: 2, maxDays: 10, advanceNoticeDays: 3 };
  it('names the rule a stay breaks', () => {
    expect(checkBookingRules(rules, 1, '2026-06-10', today)).toMatchObject({ ok: false, rule: 'min-days' });
    expect(checkBookingRules(rules, 11, '2026-06-10', today)).toMatchObject({ ok: false, rule: 'max-days' });
    expect(checkBookingRules(rules, 3, '2026-06-03', today)).toMatchObject({
      ok: false,
      rule: 'advance-notice',
      message: 'This vehicle must be booked at least 3 days before the first day.',
    });
    expect(checkBookingRules(rules, 3, '2026-06-04', today)).toEqual({ ok: true });
  });

  it('the defaults refuse no stay of the booking window', () => {
    fc.assert(
      fc.property(days, fc.integer({ min: 0, max: 183 }), (d, offset) => {
        expect(checkBookingRules(DEFAULT_BOOKING_RULES, d, addDays(today, offset), today)).toEqual({ ok: true });
      }),
    );
  });
});

describe('refunds', () => {
  it('follows each policy at its thresholds', () => {
    expect(refundFor('flexible', 9_000, 0, '2026-06-02', today)).toMatchObject({ rule: 'flexible-full', refundCents: 9_000, keptCents: 0 });
    expect(refundFor('moderate', 9_000, 0, '2026-06-06', today)).toMatchObject({ rule: 'moderate-full', refundCents: 9_000 });
    expect(refundFor('moderate', 9_000, 0, '2026-06-05', today)).toMatchObject({
      rule: 'moderate-half',
      refundCents: 4_500,
      keptCents: 4_500,
    });
    expect(refundFor('strict', 9_001, 0, '2026-06-08', today)).toMatchObject({ rule: 'strict-half', refundCents: 4_500, keptCents: 4_501 });
    expect(refundFor('strict', 9_000, 0, '2026-06-07', today)).toMatchObject({ rule: 'strict-none', refundCents: 0, keptCents: 9_000 });
    expect(refundFor('strict', 9_000, 20_000, '2026-06-07', today).depositRefundCents).toBe(20_000);
  });

  it('a refund never exceeds what was paid, and refund + kept = paid, for every policy, length and day', () => {
    fc.assert(
      fc.property(policy, fc.integer({ min: 1, max: 20_000_000 }), fc.integer({ min: 1, max: 183 }), (pol, paid, offset) => {
        const r = refundFor(pol, paid, 0, addDays(today, offset), today);
        expect(r.refundCents).toBeGreaterThanOrEqual(0);
        expect(r.refundCents).toBeLessThanOrEqual(paid);
        expect(r.refundCents + r.keptCents).toBe(paid);
        expect(Number.isInteger(r.refundCents)).toBe(true);
        // The kept part splits between owner and company to the cent.
        const split = splitRentalPayment(r.keptCents, 20, false);
        expect(split.ownerCents + split.companyCents).toBe(r.keptCents);
        expect(split.ownerCents).toBeGreaterThanOrEqual(0);
      }),
    );
  });

  it('cancelling earlier never gives back less', () => {
    fc.assert(
      fc.property(policy, fc.integer({ min: 1, max: 1_000_000 }), fc.integer({ min: 2, max: 183 }), (pol, paid, offset) => {
        const start = addDays(today, offset);
        const earlier = refundFor(pol, paid, 0, start, today).refundCents;
        const later = refundFor(pol, paid, 0, start, addDays(today, 1)).refundCents;
        expect(earlier).toBeGreaterThanOrEqual(later);
      }),
    );
  });

  it('flexible is the spec’s full refund until the start', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 183 }), (offset) => {
        expect(refundRuleFor('flexible', addDays(today, offset), today)).toBe('flexible-full');
      }),
    );
  });
});
