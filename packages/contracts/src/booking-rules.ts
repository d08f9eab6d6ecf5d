import { z } from 'zod';
import {
  BOOKING_MODES,
  CANCELLATION_POLICIES,
  MAX_ADVANCE_NOTICE_DAYS,
  MAX_DISCOUNT_PERCENT,
  MAX_DEPOSIT_CENTS,
} from '@rentdrive/domain/booking-rules';
import { hasAtMostTwoDecimals } from '@rentdrive/domain/money';
import { endpoint } from './endpoint';
import { BookingRulePaths } from './paths/booking-rules';
import { MAX_RENTAL_DAYS, RentRequestSchema, VehicleBookingSchema } from './rentals';

/**
 * Booking rules (issue 27). Euros on the wire, integer cents inside.
 *
 * - GET  /api/vehicle/booking-rules/{id}   owner, or an employee for a company vehicle; the defaults for a vehicle that never set them
 * - PUT  /api/vehicle/booking-rules/{id}   same rights; 400 naming each field refused
 * - POST /api/rental/quote/{vehicleId}     public; {bookedDates} -> the price breakdown; 400 naming the rule broken
 * - GET  /api/rental/cancel-preview/{id}   the renter; what cancelling now gives back
 * - POST /api/rental/accept/{id}, /decline/{id}   the owner (or an employee for a company vehicle) answers a request
 */
export const BookingRuleMessages = {
  bookingMode: "Booking must be 'instant' or 'request'.",
  cancellationPolicy: "The cancellation policy must be 'flexible', 'moderate' or 'strict'.",
  discountPercent: 'A discount is a whole percent from 0 to 90.',
  minDays: 'The minimum is a whole number of days from 1 to 190.',
  maxDays: 'The maximum is a whole number of days from 1 to 190, or empty for none.',
  maxBelowMin: 'The maximum number of days cannot be below the minimum.',
  advanceNotice: 'Advance notice is a whole number of days from 0 to 7.',
  deposit: 'The deposit is an amount from 0 to 1000 € with at most two decimals.',
  notRequested: 'Only a booking request waiting for an answer can be accepted or declined.',
  notYourRequest: 'Only the owner of the vehicle (or an employee for a company vehicle) can answer this request.',
  notCancellable: 'This rental cannot be cancelled any more.',
  requestExpired: 'This request was not answered within 24 hours and has expired.',
} as const;

const wholeNumber = (message: string, min: number, max: number) =>
  z.number({ error: message }).int(message).min(min, message).max(max, message);

/** PUT body and GET answer: every field, the defaults filled in. */
export const BookingRulesSchema = z
  .object({
    bookingMode: z.enum(BOOKING_MODES, { error: BookingRuleMessages.bookingMode }),
    cancellationPolicy: z.enum(CANCELLATION_POLICIES, { error: BookingRuleMessages.cancellationPolicy }),
    weeklyDiscountPercent: wholeNumber(BookingRuleMessages.discountPercent, 0, MAX_DISCOUNT_PERCENT),
    monthlyDiscountPercent: wholeNumber(BookingRuleMessages.discountPercent, 0, MAX_DISCOUNT_PERCENT),
    minDays: wholeNumber(BookingRuleMessages.minDays, 1, MAX_RENTAL_DAYS),
    maxDays: wholeNumber(BookingRuleMessages.maxDays, 1, MAX_RENTAL_DAYS).nullable(),
    advanceNoticeDays: wholeNumber(BookingRuleMessages.advanceNotice, 0, MAX_ADVANCE_NOTICE_DAYS),
    /** Euros. */
    deposit: z
      .number({ error: BookingRuleMessages.deposit })
      .min(0, BookingRuleMessages.deposit)
      .max(MAX_DEPOSIT_CENTS / 100, BookingRuleMessages.deposit)
      .refine(hasAtMostTwoDecimals, BookingRuleMessages.deposit),
  })
  .refine((rules) => rules.maxDays === null || rules.maxDays >= rules.minDays, {
    message: BookingRuleMessages.maxBelowMin,
    path: ['maxDays'],
  });
export type BookingRulesDto = z.infer<typeof BookingRulesSchema>;

/** The quote: what renting these days costs (euros). */
export const QuoteResponseSchema = z.object({
  days: z.number().int(),
  pricePerDay: z.number(),
  subtotal: z.number(),
  discountPercent: z.number().int(),
  discount: z.number(),
  total: z.number(),
  deposit: z.number(),
  cancellationPolicy: z.enum(CANCELLATION_POLICIES),
  bookingMode: z.enum(BOOKING_MODES),
});
export type QuoteResponse = z.infer<typeof QuoteResponseSchema>;

export const REFUND_RULES = ['flexible-full', 'moderate-full', 'moderate-half', 'strict-half', 'strict-none', 'request'] as const;

/** What cancelling now gives back (euros): refund + kept = what was paid; the deposit always comes back. */
export const CancelPreviewSchema = z.object({
  refund: z.number(),
  kept: z.number(),
  deposit: z.number(),
  rule: z.enum(REFUND_RULES),
  cancellationPolicy: z.enum(CANCELLATION_POLICIES),
});
export type CancelPreview = z.infer<typeof CancelPreviewSchema>;

const IdParams = z.object({ id: z.string().max(100) });
const VehicleIdParams = z.object({ vehicleId: z.string().max(100) });

export const BookingRules = {
  get: endpoint('GET', BookingRulePaths.rules, { params: IdParams, response: { 200: BookingRulesSchema } }),
  put: endpoint('PUT', BookingRulePaths.rules, { params: IdParams, body: BookingRulesSchema, response: { 200: BookingRulesSchema } }),
  quote: endpoint('POST', BookingRulePaths.quote, {
    params: VehicleIdParams,
    body: RentRequestSchema,
    response: { 200: QuoteResponseSchema },
  }),
  cancelPreview: endpoint('GET', BookingRulePaths.cancelPreview, { params: IdParams, response: { 200: CancelPreviewSchema } }),
};

/** The owner's answer to a request: the booking as the owner's booking history shows it. */
export const RequestAnswers = {
  accept: endpoint('POST', BookingRulePaths.accept, { params: IdParams, response: { 200: VehicleBookingSchema } }),
  decline: endpoint('POST', BookingRulePaths.decline, { params: IdParams, response: { 200: VehicleBookingSchema } }),
};
