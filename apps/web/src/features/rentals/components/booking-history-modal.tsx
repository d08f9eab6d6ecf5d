import type { I18n } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { useLingui } from '@lingui/react/macro';
import '../../../i18n/more-messages';
import type { VehicleBooking } from '@rentdrive/contracts/rentals';
import { MessageButton } from '../../../components/message-button';
import { DataTable, type DataTableColumn } from '../../../components/ui/data-table';
import { EmptyState } from '../../../components/ui/empty-state';
import { ErrorState } from '../../../components/ui/error-state';
import { LoadingText } from '../../../components/ui/loading-text';
import { Modal } from '../../../components/ui/modal';
import { Money } from '../../../components/ui/money';
import { useFormat, type Formatter } from '../../../i18n/format';
import { errorMessage } from '../../../lib/api-client';
import { userNamed } from '../api/chat-partners';
import { useVehicleBookings } from '../api/get-vehicle-bookings';
import { shortDay } from '../lib/format';
import { BookingExtra } from './booking-extra';
import { OwnerBookingActions, RenterRating } from './owner-booking-actions';
import { RentalStatusBadge } from './rental-status-badge';
import { RequestAnswerButtons } from './request-answer-buttons';

export const NO_BOOKINGS_TEXT = 'No bookings found for this vehicle.';
const NO_BOOKINGS = msg`No bookings found for this vehicle.`;

export interface BookingHistoryVehicle {
  id: string;
  make: string;
  model: string;
}

const columnsFor = (
  i18n: I18n,
  format: Formatter,
  vehicleName: string,
  vehicleId: string,
  onRateRenter?: (booking: VehicleBooking) => void,
): DataTableColumn<VehicleBooking>[] => [
  {
    key: 'renter',
    header: i18n._(msg`Renter`),
    cell: (b) => {
      const [renter, start, end] = [b.username, format.longDate(b.startDate), format.longDate(b.endDate)];
      return (
        <div className="flex flex-col items-start gap-1">
          <span className="font-medium text-slate-900">{b.username}</span>
          {/* Issue 25: the renter's current e-mail address is verified. */}
          {b.renterEmailVerified && (
            <span className="inline-flex items-center gap-1 rounded-full bg-emerald-50 px-2 py-0.5 text-xs font-medium text-emerald-800">
              <svg aria-hidden="true" viewBox="0 0 16 16" className="h-3 w-3 fill-current">
                <path d="M6.2 11.4 2.8 8l1.1-1.1 2.3 2.3 5.9-5.9 1.1 1.1z" />
              </svg>
              {i18n._(msg`Verified e-mail`)}
            </span>
          )}
          {/* Issue 27: the renter's published ratings by owners. */}
          <RenterRating rating={b.renterRating ?? null} />
          <MessageButton
            resolve={() => userNamed(b.username, i18n._(msg`This renter could not be found.`))}
            subject={`booking:${b.id}`}
            draft={() => i18n._(msg`Hello ${renter}, about your rental of my ${vehicleName} from ${start} to ${end}: `)}
            aria-label={i18n._(msg`Message ${renter}`)}
          >
            {i18n._(msg`Message renter`)}
          </MessageButton>
        </div>
      );
    },
  },
  { key: 'bookedOn', header: i18n._(msg`Booked On`), cell: (b) => shortDay(b.bookedOn, format), className: 'whitespace-nowrap' },
  {
    key: 'period',
    header: i18n._(msg`Period`),
    cell: (b) => (b.startDate && b.endDate ? `${shortDay(b.startDate, format)} – ${shortDay(b.endDate, format)}` : b.period),
    className: 'whitespace-nowrap',
  },
  {
    key: 'status',
    header: i18n._(msg`Status`),
    cell: (b) => (
      <div className="flex flex-col items-start gap-2">
        <RentalStatusBadge status={b.status} />
        <BookingExtra booking={b} />
        {b.status === 'Requested' && <RequestAnswerButtons booking={b} vehicleId={vehicleId} />}
        <OwnerBookingActions booking={b} vehicleId={vehicleId} onRateRenter={onRateRenter} />
      </div>
    ),
  },
  { key: 'pricePerDay', header: i18n._(msg`Price per Day`), align: 'right', cell: (b) => <Money amount={b.pricePerDay} /> },
  {
    key: 'total',
    header: i18n._(msg`Total Price`),
    align: 'right',
    cell: (b) => <Money amount={b.totalPrice} className="font-semibold" />,
  },
];

function BookingHistory({
  vehicleId,
  vehicleName,
  onRateRenter,
}: {
  vehicleId: string;
  vehicleName: string;
  onRateRenter?: (booking: VehicleBooking) => void;
}) {
  const { t, i18n } = useLingui();
  const format = useFormat();
  const bookings = useVehicleBookings(vehicleId);
  if (bookings.isPending) return <LoadingText text={t`Loading Bookings...`} />;
  if (bookings.isError) {
    return (
      <ErrorState
        message={t`Error: ${errorMessage(bookings.error)}`}
        onRetry={() => void bookings.refetch()}
        isRetrying={bookings.isFetching}
      />
    );
  }
  if (bookings.data.length === 0) return <EmptyState message={i18n._(NO_BOOKINGS)} />;
  return (
    <DataTable
      caption={t`Booking history`}
      columns={columnsFor(i18n, format, vehicleName, vehicleId, onRateRenter)}
      rows={bookings.data}
      getRowKey={(b) => b.id}
    />
  );
}

/**
 * My Vehicles: a row opens the vehicle's booking history (owner's view). 'Rate renter' (issue 27) is
 * handed to the screen: its form lives in the reviews feature.
 */
export function BookingHistoryModal({
  vehicle,
  onClose,
  onRateRenter,
}: {
  vehicle: BookingHistoryVehicle | null;
  onClose: () => void;
  onRateRenter?: (booking: VehicleBooking) => void;
}) {
  const { t } = useLingui();
  return (
    <Modal
      open={vehicle !== null}
      onOpenChange={(open) => !open && onClose()}
      title={t`Booking History`}
      description={vehicle ? `${vehicle.make} ${vehicle.model}` : undefined}
      size="xl"
    >
      {vehicle && <BookingHistory vehicleId={vehicle.id} vehicleName={`${vehicle.make} ${vehicle.model}`} onRateRenter={onRateRenter} />}
    </Modal>
  );
}
