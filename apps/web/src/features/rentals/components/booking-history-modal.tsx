import type { VehicleBooking } from '@rentdrive/contracts/rentals';
import { errorMessage } from '../../../lib/api-client';
import { DataTable, type DataTableColumn } from '../../../components/ui/data-table';
import { EmptyState } from '../../../components/ui/empty-state';
import { ErrorState } from '../../../components/ui/error-state';
import { LoadingText } from '../../../components/ui/loading-text';
import { Modal } from '../../../components/ui/modal';
import { Money } from '../../../components/ui/money';
import { useVehicleBookings } from '../api/get-vehicle-bookings';
import { shortDay } from '../lib/format';
import { RentalStatusBadge } from './rental-status-badge';

export const NO_BOOKINGS_TEXT = 'No bookings found for this vehicle.';

export interface BookingHistoryVehicle {
  id: string;
  make: string;
  model: string;
}

const COLUMNS: DataTableColumn<VehicleBooking>[] = [
  { key: 'renter', header: 'Renter', cell: (b) => <span className="font-medium text-slate-900">{b.username}</span> },
  { key: 'bookedOn', header: 'Booked On', cell: (b) => shortDay(b.bookedOn), className: 'whitespace-nowrap' },
  {
    key: 'period',
    header: 'Period',
    cell: (b) => (b.startDate && b.endDate ? `${shortDay(b.startDate)} – ${shortDay(b.endDate)}` : b.period),
    className: 'whitespace-nowrap',
  },
  { key: 'status', header: 'Status', cell: (b) => <RentalStatusBadge status={b.status} /> },
  { key: 'pricePerDay', header: 'Price per Day', align: 'right', cell: (b) => <Money amount={b.pricePerDay} /> },
  { key: 'total', header: 'Total Price', align: 'right', cell: (b) => <Money amount={b.totalPrice} className="font-semibold" /> },
];

function BookingHistory({ vehicleId }: { vehicleId: string }) {
  const bookings = useVehicleBookings(vehicleId);
  if (bookings.isPending) return <LoadingText what="Bookings" />;
  if (bookings.isError) {
    return (
      <ErrorState
        message={`Error: ${errorMessage(bookings.error)}`}
        onRetry={() => void bookings.refetch()}
        isRetrying={bookings.isFetching}
      />
    );
  }
  if (bookings.data.length === 0) return <EmptyState message={NO_BOOKINGS_TEXT} />;
  return <DataTable caption="Booking history" columns={COLUMNS} rows={bookings.data} getRowKey={(b) => b.id} />;
}

/** My Vehicles: a row opens the vehicle's booking history (owner's view). */
export function BookingHistoryModal({ vehicle, onClose }: { vehicle: BookingHistoryVehicle | null; onClose: () => void }) {
  return (
    <Modal
      open={vehicle !== null}
      onOpenChange={(open) => !open && onClose()}
      title="Booking History"
      description={vehicle ? `${vehicle.make} ${vehicle.model}` : undefined}
      size="xl"
    >
      {vehicle && <BookingHistory vehicleId={vehicle.id} />}
    </Modal>
  );
}
