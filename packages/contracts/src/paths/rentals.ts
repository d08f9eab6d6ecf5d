import { template } from './template';

export const RentalPaths = {
  bookedDates: template('/api/rental/:vehicleId'),
  rent: template('/api/rental/rent/:vehicleId'),
  myRentals: '/api/rental/my-rentals',
  confirm: template('/api/rental/confirm-rental/:id'),
  cancel: template('/api/rental/cancel-rental/:id'),
  vehicleBookings: template('/api/rental/vehicle/:id'),
} as const;
