/** Query keys of the rentals feature, in one place so mutations invalidate the right ones. */
export const rentalKeys = {
  all: ['rentals'] as const,
  bookedDays: (vehicleId: string) => ['rentals', 'booked-days', vehicleId] as const,
  mine: () => ['rentals', 'mine'] as const,
  vehicleBookings: (vehicleId: string) => ['rentals', 'vehicle-bookings', vehicleId] as const,
};

/**
 * Other features' caches a rental changes. Features don't import each other, so these prefixes are
 * named here: the wallet history (payments, refunds) and vehicle data (times booked, ratings).
 */
export const WALLET_QUERY_PREFIX = ['wallet'] as const;
