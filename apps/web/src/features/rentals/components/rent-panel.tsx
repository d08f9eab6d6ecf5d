import { lazy, Suspense, useState } from 'react';
import { Link, useLocation } from 'react-router';
import { Button, buttonClasses } from '../../../components/ui/button';
import { Money } from '../../../components/ui/money';
import { Skeleton } from '../../../components/ui/skeleton';
import { useToast } from '../../../components/ui/toast';
import { useSession } from '../../../lib/session';

// The calendar and the dialog load with the first details page, not with home.
const VehicleAvailability = lazy(() => import('./vehicle-availability').then((m) => ({ default: m.VehicleAvailability })));
const RentDatesModal = lazy(() => import('./rent-dates-modal').then((m) => ({ default: m.RentDatesModal })));

export interface RentPanelProps {
  vehicle: { id: string; pricePerDay: number; ownerId: string };
  /** The details page already shows the price beside the slot; elsewhere the panel can show it. */
  showPrice?: boolean;
}

/**
 * The details page's rent box: price per day, Rent Now (signed-in non-owners only: anonymous users
 * get a login link, the owner a note) and the availability calendar.
 */
export function RentPanel({ vehicle, showPrice = false }: RentPanelProps) {
  const { user, isLoading } = useSession();
  const toast = useToast();
  const location = useLocation();
  const [isRentOpen, setRentOpen] = useState(false);
  const isOwner = user !== null && user.id === vehicle.ownerId;

  return (
    <section aria-labelledby="rent-panel-heading">
      <h2 id="rent-panel-heading" className="sr-only">
        Rent this vehicle
      </h2>
      {showPrice && (
        <p className="mb-4 flex items-baseline gap-1">
          <Money amount={vehicle.pricePerDay} className="text-3xl font-bold text-slate-900" />
          <span className="text-sm text-slate-600">per day</span>
        </p>
      )}
      <div>
        {isLoading ? (
          <Skeleton className="h-12 w-full" />
        ) : user === null ? (
          <Link to="/login" state={{ from: location.pathname }} className={buttonClasses('primary', 'lg', 'w-full')}>
            Log in to rent
          </Link>
        ) : isOwner ? (
          <p className="rounded-control bg-slate-100 px-4 py-3 text-center text-sm font-medium text-slate-700">This is your vehicle</p>
        ) : (
          <Button size="lg" fullWidth onClick={() => setRentOpen(true)}>
            Rent Now
          </Button>
        )}
      </div>
      <h3 className="mt-6 mb-2 text-base font-semibold text-slate-900">Availability</h3>
      <Suspense fallback={<p className="py-8 text-sm text-slate-600">Loading availability...</p>}>
        <VehicleAvailability vehicleId={vehicle.id} />
      </Suspense>
      {user !== null && !isOwner && isRentOpen && (
        <Suspense fallback={null}>
          <RentDatesModal
            open={isRentOpen}
            onOpenChange={setRentOpen}
            vehicleId={vehicle.id}
            pricePerDay={vehicle.pricePerDay}
            balance={user.balance}
            onRented={(days) => toast.success(`Booked ${days.length} ${days.length === 1 ? 'day' : 'days'}. Have a good trip!`)}
          />
        </Suspense>
      )}
    </section>
  );
}
