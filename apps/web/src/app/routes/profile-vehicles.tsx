import { useState } from 'react';
import { PageHeading } from '../../components/ui/page-heading';
import { BookingHistoryModal, type BookingHistoryVehicle } from '../../features/rentals/components/booking-history-modal';
import { MyVehiclesTable } from '../../features/vehicles/components/my-vehicles-table';
import { useDocumentTitle } from '../../lib/use-document-title';

/**
 * My Vehicles. The booking history modal (rentals feature) plugs in through `onRowSelect`:
 * keep the selected vehicle id in state here and render the modal beside the table.
 */
export default function Screen() {
  useDocumentTitle('My Vehicles');
  const [bookingsOf, setBookingsOf] = useState<BookingHistoryVehicle | null>(null);
  return (
    <main>
      <PageHeading size="compact" subtitle="My Profile" title="My Vehicles" />
      <MyVehiclesTable onRowSelect={(id, vehicle) => setBookingsOf({ id, make: vehicle.make, model: vehicle.model })} />
      <BookingHistoryModal vehicle={bookingsOf} onClose={() => setBookingsOf(null)} />
    </main>
  );
}
