import { plural } from '@lingui/core/macro';
import { useLingui } from '@lingui/react/macro';
import '../../i18n/more-messages';
import { useState } from 'react';
import { Link } from 'react-router';
import { WebPaths } from '@rentdrive/contracts/web-paths';
import { PageHeading } from '../../components/ui/page-heading';
import { useToast } from '../../components/ui/toast';
import { MyClaims } from '../../features/claims/components/my-claims';
import { ReportDamage } from '../../features/claims/components/report-damage';
import { BlockDaysModal, type AvailabilityVehicle } from '../../features/rentals/components/block-days-modal';
import { BookingExtraContext } from '../../features/rentals/components/booking-extra';
import { BookingHistoryModal, type BookingHistoryVehicle } from '../../features/rentals/components/booking-history-modal';
import { RateRenterModal, type RateRenterTarget } from '../../features/reviews/components/rate-renter-modal';
import { MyVehiclesTable } from '../../features/vehicles/components/my-vehicles-table';
import { DocumentTitle } from '../../lib/document-title';

/**
 * My Vehicles. The booking history and availability modals (rentals feature) plug in through
 * `onRowSelect` and `onAvailability`: the chosen vehicle is kept in state here, the modal beside the table.
 */
export default function Screen() {
  const { t } = useLingui();
  const [bookingsOf, setBookingsOf] = useState<BookingHistoryVehicle | null>(null);
  const [availabilityOf, setAvailabilityOf] = useState<AvailabilityVehicle | null>(null);
  // Issue 27: 'Rate renter' in the booking history opens the reviews feature's form.
  const [rateTarget, setRateTarget] = useState<RateRenterTarget | null>(null);
  const toast = useToast();
  return (
    <main>
      <DocumentTitle screen={t`My Vehicles`} />
      <PageHeading size="compact" subtitle={t`My Profile`} title={t`My Vehicles`}>
        <Link to={WebPaths.profile.dashboard} className="font-medium text-accent-700 underline hover:text-accent-800">
          {t`See earnings and occupancy on your dashboard`}
        </Link>
      </PageHeading>
      <MyVehiclesTable
        onRowSelect={(id, vehicle) => setBookingsOf({ id, make: vehicle.make, model: vehicle.model })}
        onAvailability={(vehicle) => setAvailabilityOf({ id: vehicle.id, make: vehicle.make, model: vehicle.model })}
      />
      {/* Issue 27: 'Report damage' on a completed booking comes from the claims feature. */}
      <BookingExtraContext
        value={(booking) =>
          booking.status === 'Completed' && bookingsOf ? (
            <ReportDamage rentalId={booking.id} vehicleName={`${bookingsOf.make} ${bookingsOf.model}`} />
          ) : null
        }
      >
        <BookingHistoryModal
          vehicle={bookingsOf}
          onClose={() => setBookingsOf(null)}
          onRateRenter={(booking) => setRateTarget({ rentalId: booking.id, renterName: booking.username })}
        />
      </BookingExtraContext>
      <RateRenterModal
        target={rateTarget}
        onClose={() => setRateTarget(null)}
        onRated={({ published }) =>
          toast.success(
            published
              ? t`Rating saved and published with the renter's review.`
              : t`Rating saved. It is published when the renter has reviewed the rental too, or 14 days after it ended.`,
          )
        }
      />
      <BlockDaysModal
        vehicle={availabilityOf}
        onClose={() => setAvailabilityOf(null)}
        onSaved={(view) => {
          const count = view.blockedDays.length;
          toast.success(t`Availability saved: ${plural(count, { one: '# day', other: '# days' })} blocked.`);
        }}
      />
      <div className="mt-8 px-4 sm:px-0">
        <MyClaims role="owner" />
      </div>
    </main>
  );
}
