import { z } from 'zod';
import { RENTAL_STATUSES } from '@rentdrive/domain/rental-state';
import { endpoint } from './endpoint';
import { VehicleLocationSchema } from './location';
import { RentalPaths } from './paths/rentals';
import { TestHookPaths } from './paths/test-hooks';

export const RentalMessages = {
  bookedDatesRequired: 'Select at least one day.',
  bookedDateFormat: 'Dates must be written YYYY-MM-DD.',
  tooManyDays: 'A rental can last at most 190 days.',
  insufficientFunds: 'Insufficient funds to rent this vehicle.',
  datesUnavailable: 'These dates are no longer available.',
  ownVehicle: 'You cannot rent your own vehicle.',
  vehicleNotFound: 'Vehicle not found.',
  rentalNotFound: 'Rental not found.',
  notYourRental: 'This rental belongs to another user.',
  notYourVehicle: 'Only the owner or a company employee can see the bookings of this vehicle.',
} as const;

/** The 6-month window never holds more days than this; longer lists are refused before any work. */
export const MAX_RENTAL_DAYS = 190;

const IsoDaySchema = z.string({ error: RentalMessages.bookedDateFormat }).regex(/^\d{4}-\d{2}-\d{2}$/, RentalMessages.bookedDateFormat);

/** POST /api/rental/rent/{vehicleId}. Consecutiveness and the 6-month window are checked by the server's booking rules. */
export const RentRequestSchema = z.object({
  bookedDates: z
    .array(IsoDaySchema, { error: RentalMessages.bookedDatesRequired })
    .min(1, RentalMessages.bookedDatesRequired)
    .max(MAX_RENTAL_DAYS, RentalMessages.tooManyDays),
});
export type RentRequest = z.infer<typeof RentRequestSchema>;

const RentalStatusSchema = z.enum(RENTAL_STATUSES);

/** The rent answer: the new rental and the renter's balance after paying (euros). */
export const RentResponseSchema = z.object({
  id: z.string().uuid(),
  vehicleId: z.string().uuid(),
  status: RentalStatusSchema,
  bookedOn: z.string(),
  startDate: z.string(),
  endDate: z.string(),
  bookedDates: z.array(z.string()),
  pricePerDay: z.number(),
  totalPrice: z.number(),
  balance: z.number(),
});
export type RentResponse = z.infer<typeof RentResponseSchema>;

/** GET /api/rental/{vehicleId}: booked days of Active rentals, sorted. */
export const BookedDatesResponseSchema = z.array(z.string());
export type BookedDatesResponse = z.infer<typeof BookedDatesResponseSchema>;

/** Rental (mine). Flags are always present. */
export const MyRentalSchema = z.object({
  id: z.string().uuid(),
  vehicleId: z.string().uuid(),
  vehicleMake: z.string(),
  vehicleModel: z.string(),
  imageUrl: z.string().nullable(),
  status: RentalStatusSchema,
  bookedOn: z.string(),
  startDate: z.string(),
  endDate: z.string(),
  pricePerDay: z.number(),
  totalPrice: z.number(),
  isConfirmable: z.boolean(),
  isCompleted: z.boolean(),
  hasReviewedVehicle: z.boolean(),
  isCancellable: z.boolean(),
  isCancelled: z.boolean(),
  /** Issue 26: the exact pick-up place (address included) for the renter; null when the vehicle has none. */
  pickUp: VehicleLocationSchema.nullish(),
  /** Issue 27: the renter's review waits for the owner's (double-blind): published on this day at the latest; null once published or unwritten. */
  reviewPublishesOn: z.string().nullish(),
});
export type MyRental = z.infer<typeof MyRentalSchema>;
/** GET /api/rental/my-rentals: Active first, then newest booking first. */
export const MyRentalsResponseSchema = z.array(MyRentalSchema);

/** Vehicle booking (owner view). period is 'YYYY-MM-DD - YYYY-MM-DD'. */
export const VehicleBookingSchema = z.object({
  id: z.string().uuid(),
  username: z.string(),
  bookedOn: z.string(),
  period: z.string(),
  startDate: z.string(),
  endDate: z.string(),
  status: RentalStatusSchema,
  pricePerDay: z.number(),
  totalPrice: z.number(),
  /** Issue 25: the renter's current e-mail address is verified (the owner's 'Verified e-mail' mark). */
  renterEmailVerified: z.boolean().optional(),
  /** Issue 27: the renter's published ratings by owners (null without any). */
  renterRating: z.object({ average: z.number(), count: z.number().int() }).nullish(),
  /** Issue 27: the owner may still cancel it (accepted, not started). */
  isOwnerCancellable: z.boolean().optional(),
  /** Issue 27: who cancelled a Cancelled booking. */
  cancelledBy: z.enum(['renter', 'owner', 'system']).nullish(),
  /** Issue 27: the owner's rating of this renter (visible to the owner before publication). */
  renterReview: z
    .object({ starRating: z.number().int(), comment: z.string().nullable(), publishedOn: z.string().nullable(), publishesBy: z.string() })
    .nullish(),
  /** Issue 27: Completed and not yet rated by the owner. */
  canRateRenter: z.boolean().optional(),
});
export type VehicleBooking = z.infer<typeof VehicleBookingSchema>;
export const VehicleBookingsResponseSchema = z.array(VehicleBookingSchema);

/** confirm-rental and cancel-rental answer the rental as My Rentals shows it after the change. */
export const RentalActionResponseSchema = MyRentalSchema;

export const Rentals = {
  myRentals: endpoint('GET', RentalPaths.myRentals, { response: { 200: MyRentalsResponseSchema } }),
  vehicleBookings: endpoint('GET', RentalPaths.vehicleBookings, { response: { 200: VehicleBookingsResponseSchema } }),
  bookedDates: endpoint('GET', RentalPaths.bookedDates, { response: { 200: BookedDatesResponseSchema } }),
  /** Takes an Idempotency-Key header. */
  rent: endpoint('POST', RentalPaths.rent, { body: RentRequestSchema, response: { 200: RentResponseSchema } }),
  /** Body-less POSTs: the existing client sends `Content-Type: application/json` with an empty body. */
  confirm: endpoint('POST', RentalPaths.confirm, { response: { 200: RentalActionResponseSchema } }),
  cancel: endpoint('POST', RentalPaths.cancel, { response: { 200: RentalActionResponseSchema } }),
};

/** The end-to-end suite's hooks that move time along (registered only with E2E_TEST_HOOKS). */
export const RentalTestHooks = {
  shiftRentalPastEnd: endpoint('POST', TestHookPaths.shiftRentalPastEnd, { response: { 200: MyRentalSchema } }),
  autoCompleteRentals: endpoint('POST', TestHookPaths.autoCompleteRentals, {
    response: { 200: z.object({ completed: z.number().int() }) },
  }),
};
