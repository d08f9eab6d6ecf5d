import { template } from './template';

/** Booking rules (issue 27): a vehicle's rules, the price quote, requests' answers and the cancel preview. */
export const BookingRulePaths = {
  /** GET and PUT: the owner, or an employee for a company vehicle. */
  rules: template('/api/vehicle/booking-rules/:id'),
  quote: template('/api/rental/quote/:vehicleId'),
  cancelPreview: template('/api/rental/cancel-preview/:id'),
  accept: template('/api/rental/accept/:id'),
  decline: template('/api/rental/decline/:id'),
  /** The owner (or an employee for a company vehicle) cancels an accepted booking: the renter gets everything back. */
  ownerCancel: template('/api/rental/owner-cancel/:id'),
  /** The owner rates the renter of a completed rental (double-blind with the renter's review). */
  renterReview: template('/api/rental/renter-review/:id'),
  /** Public: the vehicle's booking rules and its owner's cancellations of the last 12 months (the vehicle page). */
  bookingTerms: template('/api/rental/booking-terms/:vehicleId'),
  /** The signed-in renter's ratings by owners, published ones only (double-blind), with their average. */
  myRenterReviews: '/api/rental/renter-reviews/mine',
} as const;
