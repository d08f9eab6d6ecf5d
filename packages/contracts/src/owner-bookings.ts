import { z } from 'zod';
import { BOOKING_MODES, CANCELLATION_POLICIES } from '@rentdrive/domain/booking-rules';
import { endpoint } from './endpoint';
import { BookingRulePaths } from './paths';
import { VehicleBookingSchema } from './rentals';
import { ReviewScoreSchema } from './reviews';

/**
 * Issue 27, the owner's side of a booking and what a renter reads before booking. Euros on the wire.
 *
 * - POST /api/rental/owner-cancel/{id}      the vehicle's owner (or an employee for a company vehicle) cancels an
 *                                           accepted booking before its first day: the renter gets total + deposit back
 * - POST /api/rental/renter-review/{id}     the vehicle's owner rates the renter of a completed rental (1-5 stars,
 *                                           comment); published with the renter's review when both are written or
 *                                           14 days after completion, whichever comes first
 * - GET  /api/rental/booking-terms/{vehicleId}   public: the vehicle's booking rules and how many bookings its owner
 *                                           cancelled in the last 12 months
 * - GET  /api/rental/renter-reviews/mine    the signed-in renter's ratings by owners, published ones only, and
 *                                           their average (never one still waiting for the renter's review)
 */
export const OwnerBookingMessages = {
  notYourBooking: 'Only the owner of the vehicle (or an employee for a company vehicle) can do this.',
  notOwnerCancellable: 'Only an accepted booking that has not started yet can be cancelled.',
  renterAlreadyReviewed: 'You have already rated the renter of this rental.',
  renterReviewNotCompleted: 'Only the renter of a completed rental can be rated.',
} as const;

/** Days after completion when the reviews of a rental are published even if only one side wrote theirs. */
export const REVIEW_PUBLISH_DAYS = 14;

/** POST /api/rental/renter-review/{id}: the owner's stars and comment. */
export const RenterReviewRequestSchema = ReviewScoreSchema;
export type RenterReviewRequest = z.input<typeof RenterReviewRequestSchema>;

export const RenterReviewResponseSchema = z.object({
  id: z.string().uuid(),
  rentalId: z.string().uuid(),
  starRating: z.number().int(),
  comment: z.string().nullable(),
  createdOn: z.string(),
  /** Null until published (both reviews written, or 14 days after completion). */
  publishedOn: z.string().nullable(),
  /** The day the reviews are published at the latest (YYYY-MM-DD). */
  publishesBy: z.string(),
});
export type RenterReviewResponse = z.infer<typeof RenterReviewResponseSchema>;

/** What a renter reads on the vehicle page before booking. */
export const BookingTermsSchema = z.object({
  bookingMode: z.enum(BOOKING_MODES),
  cancellationPolicy: z.enum(CANCELLATION_POLICIES),
  weeklyDiscountPercent: z.number().int(),
  monthlyDiscountPercent: z.number().int(),
  minDays: z.number().int(),
  maxDays: z.number().int().nullable(),
  advanceNoticeDays: z.number().int(),
  /** Euros. */
  deposit: z.number(),
  /** Bookings the vehicle's owner cancelled in the last 12 months (all their vehicles). */
  ownerCancellationsLast12Months: z.number().int(),
  /** The deposit returns to the renter this many days after the rental (DEPOSIT_RELEASE_DAYS). */
  depositReleaseDays: z.number().int(),
});
export type BookingTerms = z.infer<typeof BookingTermsSchema>;

/** A published rating of the signed-in renter by a vehicle's owner. */
export const MyRenterReviewSchema = z.object({
  rentalId: z.string().uuid(),
  starRating: z.number().int(),
  comment: z.string().nullable(),
  publishedOn: z.string(),
});
export type MyRenterReview = z.infer<typeof MyRenterReviewSchema>;

/** GET /api/rental/renter-reviews/mine: newest first; `average` null without any. */
export const MyRenterReviewsSchema = z.object({
  average: z.number().nullable(),
  count: z.number().int(),
  reviews: z.array(MyRenterReviewSchema),
});
export type MyRenterReviews = z.infer<typeof MyRenterReviewsSchema>;

const IdParams = z.object({ id: z.string().max(100) });
const VehicleIdParams = z.object({ vehicleId: z.string().max(100) });

export const OwnerBookings = {
  cancel: endpoint('POST', BookingRulePaths.ownerCancel, { params: IdParams, response: { 200: VehicleBookingSchema } }),
  rateRenter: endpoint('POST', BookingRulePaths.renterReview, {
    params: IdParams,
    body: RenterReviewRequestSchema,
    response: { 200: RenterReviewResponseSchema },
  }),
  bookingTerms: endpoint('GET', BookingRulePaths.bookingTerms, { params: VehicleIdParams, response: { 200: BookingTermsSchema } }),
  myRenterReviews: endpoint('GET', BookingRulePaths.myRenterReviews, { response: { 200: MyRenterReviewsSchema } }),
};
