import { daysBetween, type IsoDay } from './dates';
import type { Cents } from './money';

/**
 * Booking rules an owner chooses per vehicle (issue 27) and what they mean in money: the price
 * breakdown a renter pays and the refund a cancellation gives. Integer cents; every split is made so
 * that its parts add up to the whole (no cent created or lost). The server and the web app both use
 * these functions, so the dialog shows exactly what the server charges and refunds.
 */

export const BOOKING_MODES = ['instant', 'request'] as const;
export type BookingMode = (typeof BOOKING_MODES)[number];

export const CANCELLATION_POLICIES = ['flexible', 'moderate', 'strict'] as const;
export type CancellationPolicy = (typeof CANCELLATION_POLICIES)[number];

/** Duration discounts apply from this many days on. */
export const WEEKLY_DISCOUNT_DAYS = 7;
export const MONTHLY_DISCOUNT_DAYS = 28;
export const MAX_DISCOUNT_PERCENT = 90;
export const MAX_ADVANCE_NOTICE_DAYS = 7;
export const MAX_DEPOSIT_CENTS = 100_000;
/** Moderate: a full refund this many days or more before the start, half after. */
export const MODERATE_FULL_REFUND_DAYS = 5;
/** Strict: half back this many days or more before the start, nothing after. */
export const STRICT_HALF_REFUND_DAYS = 7;
/** An on-request booking the owner has not answered in this many hours expires. */
export const REQUEST_ANSWER_HOURS = 24;

export interface BookingRules {
  bookingMode: BookingMode;
  cancellationPolicy: CancellationPolicy;
  weeklyDiscountPercent: number;
  monthlyDiscountPercent: number;
  minDays: number;
  /** null: no maximum beyond the booking window. */
  maxDays: number | null;
  advanceNoticeDays: number;
  depositCents: Cents;
}

/** A vehicle that never set its rules: today's behaviour (instant, full refund, one price, no deposit). */
export const DEFAULT_BOOKING_RULES: BookingRules = {
  bookingMode: 'instant',
  cancellationPolicy: 'flexible',
  weeklyDiscountPercent: 0,
  monthlyDiscountPercent: 0,
  minDays: 1,
  maxDays: null,
  advanceNoticeDays: 0,
  depositCents: 0,
};

export interface PriceBreakdown {
  days: number;
  pricePerDayCents: Cents;
  /** days × price per day. */
  subtotalCents: Cents;
  /** The duration discount applied (0, the weekly or the monthly percent). */
  discountPercent: number;
  discountCents: Cents;
  /** What the renter pays for the rental: subtotal − discount. */
  totalCents: Cents;
  /** Held apart from the total and returned after the rental. */
  depositCents: Cents;
}

/**
 * The duration discount for a length: the monthly percent from 28 days, the weekly one from 7 days.
 * A month never gets less than a week would (an owner who set only a weekly discount gives it to
 * months too).
 */
export function discountPercentFor(days: number, rules: Pick<BookingRules, 'weeklyDiscountPercent' | 'monthlyDiscountPercent'>): number {
  const weekly = clampPercent(rules.weeklyDiscountPercent);
  const monthly = clampPercent(rules.monthlyDiscountPercent);
  if (days >= MONTHLY_DISCOUNT_DAYS) return Math.max(monthly, weekly);
  if (days >= WEEKLY_DISCOUNT_DAYS) return weekly;
  return 0;
}

function clampPercent(percent: number): number {
  if (!Number.isFinite(percent)) return 0;
  return Math.min(Math.max(Math.trunc(percent), 0), MAX_DISCOUNT_PERCENT);
}

/**
 * days × price, less the duration discount (rounded down to the cent, in the renter's favour never
 * by more than a cent), plus the deposit held apart. total = subtotal − discount exactly.
 */
export function priceBreakdown(
  pricePerDayCents: Cents,
  days: number,
  rules: Pick<BookingRules, 'weeklyDiscountPercent' | 'monthlyDiscountPercent' | 'depositCents'>,
): PriceBreakdown {
  const subtotalCents = pricePerDayCents * days;
  const discountPercent = discountPercentFor(days, rules);
  const discountCents = Math.floor((subtotalCents * discountPercent) / 100);
  return {
    days,
    pricePerDayCents,
    subtotalCents,
    discountPercent,
    discountCents,
    totalCents: subtotalCents - discountCents,
    depositCents: Math.max(0, Math.trunc(rules.depositCents)),
  };
}

export type BookingRuleRefusal = 'min-days' | 'max-days' | 'advance-notice';

export type BookingRulesCheck = { ok: true } | { ok: false; rule: BookingRuleRefusal; message: string };

/** Whether a stay of consecutive days starting on startDate respects the vehicle's rules (today in the marketplace zone). */
export function checkBookingRules(
  rules: Pick<BookingRules, 'minDays' | 'maxDays' | 'advanceNoticeDays'>,
  days: number,
  startDate: IsoDay,
  today: IsoDay,
): BookingRulesCheck {
  if (days < rules.minDays) return { ok: false, rule: 'min-days', message: `This vehicle is rented for at least ${rules.minDays} days.` };
  if (rules.maxDays !== null && days > rules.maxDays)
    return { ok: false, rule: 'max-days', message: `This vehicle is rented for at most ${rules.maxDays} days.` };
  if (daysBetween(today, startDate) < rules.advanceNoticeDays)
    return {
      ok: false,
      rule: 'advance-notice',
      message: `This vehicle must be booked at least ${rules.advanceNoticeDays} days before the first day.`,
    };
  return { ok: true };
}

/** Which clause of a policy applies: the full refund, half of it, or nothing. */
export type RefundRule = 'flexible-full' | 'moderate-full' | 'moderate-half' | 'strict-half' | 'strict-none';

export interface RefundOutcome {
  rule: RefundRule;
  /** Back to the renter's wallet. */
  refundCents: Cents;
  /** Kept for the owner and the company (refund + kept = paid). */
  keptCents: Cents;
  /** The deposit always goes back in full on a cancellation. */
  depositRefundCents: Cents;
}

/** The clause of a policy that applies `today` to a rental starting `startDate`. */
export function refundRuleFor(policy: CancellationPolicy, startDate: IsoDay, today: IsoDay): RefundRule {
  const daysBefore = daysBetween(today, startDate);
  if (policy === 'moderate') return daysBefore >= MODERATE_FULL_REFUND_DAYS ? 'moderate-full' : 'moderate-half';
  if (policy === 'strict') return daysBefore >= STRICT_HALF_REFUND_DAYS ? 'strict-half' : 'strict-none';
  return 'flexible-full';
}

/**
 * A renter's cancellation: what of the paid total comes back by the policy. Half is rounded down for
 * the refund, the odd cent is kept, so refund + kept = paid to the cent.
 */
export function refundFor(
  policy: CancellationPolicy,
  paidCents: Cents,
  depositCents: Cents,
  startDate: IsoDay,
  today: IsoDay,
): RefundOutcome {
  const rule = refundRuleFor(policy, startDate, today);
  const refundCents =
    rule === 'flexible-full' || rule === 'moderate-full' ? paidCents : rule === 'strict-none' ? 0 : Math.floor(paidCents / 2);
  return { rule, refundCents, keptCents: paidCents - refundCents, depositRefundCents: depositCents };
}
