/** Query keys of the rentals feature, in one place so mutations invalidate the right ones. */
export const rentalKeys = {
  all: ['rentals'] as const,
  bookedDays: (vehicleId: string) => ['rentals', 'booked-days', vehicleId] as const,
  blockedDays: (vehicleId: string) => ['rentals', 'blocked-days', vehicleId] as const,
  mine: () => ['rentals', 'mine'] as const,
  vehicleBookings: (vehicleId: string) => ['rentals', 'vehicle-bookings', vehicleId] as const,
};
