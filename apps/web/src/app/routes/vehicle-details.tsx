import { plural } from '@lingui/core/macro';
import { useLingui } from '@lingui/react/macro';
import '../../i18n/vehicle-messages';
import { lazy, Suspense, useState } from 'react';
import { useParams } from 'react-router';
import { useToast } from '../../components/ui/toast';
import type { AvailabilityVehicle } from '../../features/rentals/components/block-days-modal';
import type { TopUpSlot } from '../../features/rentals/components/rent-dates-modal';
import { RentPanel } from '../../features/rentals/components/rent-panel';
import { useVehicleRecheckedWithSession } from '../../features/vehicles/api/get-vehicle';
import { VehicleDetailsScreen } from '../../features/vehicles/components/vehicle-details-screen';
import { vehiclePageTitle } from '../../features/vehicles/lib/vehicle-page-title';
import { DocumentTitle } from '../../lib/document-title';

/**
 * /api/vehicle/:id, title 'Vehicle Details' until the vehicle is known, then its name (as the
 * server-rendered page has it). The rent action and availability calendar (rentals feature) plug
 * in through `renderRentPanel`, which fills `<div data-slot="rent-panel">`.
 */
// Only owners and employees open it: its code loads for them alone, not on every shopper's visit.
const BlockDaysModal = lazy(() =>
  import('../../features/rentals/components/block-days-modal').then((m) => ({ default: m.BlockDaysModal })),
);
// The wallet's card form, shown in the rent dialog when the balance is short: loads only then.
const AddFundsForm = lazy(() => import('../../features/wallet/components/add-funds-form').then((m) => ({ default: m.AddFundsForm })));

function renderTopUp(slot: TopUpSlot) {
  return (
    <Suspense fallback={null}>
      <AddFundsForm
        id={slot.formId}
        defaultAmount={slot.amount}
        onAdded={slot.onAdded}
        onPendingChange={slot.onPendingChange}
        errorTitle={slot.errorTitle}
      />
    </Suspense>
  );
}

export default function Screen() {
  const { id = '' } = useParams();
  const toast = useToast();
  const [availabilityOf, setAvailabilityOf] = useState<AvailabilityVehicle | null>(null);
  const { t, i18n } = useLingui();
  // A hidden listing's owner and employees see it once their session is known (issue 28).
  const vehicle = useVehicleRecheckedWithSession(id).data;
  return (
    <main className="mx-auto max-w-7xl px-4 pt-6 pb-16 sm:px-6 md:pt-10">
      <DocumentTitle screen={vehicle ? vehiclePageTitle(vehicle, i18n) : vehicle === null ? t`Vehicle not found` : t`Vehicle Details`} />
      <VehicleDetailsScreen
        key={id}
        vehicleId={id}
        renderRentPanel={(vehicle) => <RentPanel vehicle={vehicle} renderTopUp={renderTopUp} />}
        onOpenAvailability={(vehicle) => setAvailabilityOf({ id: vehicle.id, make: vehicle.make, model: vehicle.model })}
      />
      {availabilityOf && (
        <Suspense fallback={null}>
          <BlockDaysModal
            vehicle={availabilityOf}
            onClose={() => setAvailabilityOf(null)}
            onSaved={(view) => {
              const count = view.blockedDays.length;
              toast.success(t`Availability saved: ${plural(count, { one: '# day', other: '# days' })} blocked.`);
            }}
          />
        </Suspense>
      )}
    </main>
  );
}
