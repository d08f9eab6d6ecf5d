import { plural } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import '../../../i18n/vehicle-messages';
import { lazy, Suspense, useState, type ReactNode } from 'react';
import { Link, useLocation } from 'react-router';
import { Button, buttonClasses } from '../../../components/ui/button';
import { Money } from '../../../components/ui/money';
import { Skeleton } from '../../../components/ui/skeleton';
import { useToast } from '../../../components/ui/toast';
import { lazyRegion } from '../../../lib/lazy-region';
import { useSession } from '../../../lib/session';
import type { TopUpSlot } from './rent-dates-modal';

// The dialog loads with the first details page, not with home.
const RentDatesModal = lazy(() => import('./rent-dates-modal').then((m) => ({ default: m.RentDatesModal })));
// Issue 27: the booking terms in words (policy, days, notice, deposit), in their own chunk: the server
// renders them (their data comes with the page) and they hydrate on their own. Drawn only after
// hydration, they pushed the calendar below them down (a layout shift of the rent panel).
const VehicleBookingTerms = lazyRegion(() => import('./vehicle-booking-terms').then((m) => m.VehicleBookingTerms));

function AvailabilityLoading() {
  return (
    <p className="py-8 text-sm text-slate-600">
      <Trans>Loading availability...</Trans>
    </p>
  );
}
const availabilityLoading = <AvailabilityLoading />;

// The calendar: a region with its own chunk and its own data (the booked days), which the server
// streams after the page's shell and the browser hydrates on its own (ADR 016).
const VehicleAvailability = lazyRegion(() => import('./vehicle-availability').then((m) => m.VehicleAvailability), availabilityLoading);

export interface RentPanelProps {
  vehicle: { id: string; pricePerDay: number; ownerId: string };
  /** The details page already shows the price beside the slot; elsewhere the panel can show it. */
  showPrice?: boolean;
  /** The wallet's card form for a short balance, passed in by the route (see RentDatesModal). */
  renderTopUp?: (slot: TopUpSlot) => ReactNode;
}

/**
 * The details page's rent box: price per day, Rent Now (signed-in non-owners only: anonymous users
 * get a login link, the owner a note) and the availability calendar.
 */
export function RentPanel({ vehicle, showPrice = false, renderTopUp }: RentPanelProps) {
  const { t } = useLingui();
  const { user, isLoading } = useSession();
  const toast = useToast();
  const location = useLocation();
  const [isRentOpen, setRentOpen] = useState(false);
  const isOwner = user !== null && user.id === vehicle.ownerId;
  // Login brings the visitor back here, dates included (the calendar and the dialog read them from the
  // URL in their own chunks, so the first load carries none of it).
  const from = `${location.pathname}${location.search}`;
  const actionProps = { isSignedIn: user !== null, isOwner, from, onRent: () => setRentOpen(true) };

  return (
    <section aria-labelledby="rent-panel-heading">
      <h2 id="rent-panel-heading" className="sr-only">
        <Trans>Rent this vehicle</Trans>
      </h2>
      {showPrice && (
        <p className="mb-4 flex items-baseline gap-1">
          <Money amount={vehicle.pricePerDay} className="text-3xl font-bold text-slate-900" />
          <span className="text-sm text-slate-600">
            <Trans>per day</Trans>
          </span>
        </p>
      )}
      {/* Below 1024 px the action lives in the bar fixed to the bottom instead (RentBar); the owner has no bar. */}
      <div className={isOwner ? undefined : 'max-lg:hidden'}>
        {isLoading ? <Skeleton className="h-12 w-full" /> : <RentAction {...actionProps} size="lg" />}
      </div>
      <VehicleBookingTerms vehicleId={vehicle.id} />
      <h3 className="mt-6 mb-2 text-base font-semibold text-slate-900">
        <Trans>Availability</Trans>
      </h3>
      <VehicleAvailability vehicleId={vehicle.id} />
      {!isLoading && !isOwner && (
        <RentBar pricePerDay={vehicle.pricePerDay}>
          <RentAction {...actionProps} size="md" />
        </RentBar>
      )}
      {user !== null && !isOwner && isRentOpen && (
        <Suspense fallback={null}>
          <RentDatesModal
            open={isRentOpen}
            onOpenChange={setRentOpen}
            vehicleId={vehicle.id}
            pricePerDay={vehicle.pricePerDay}
            balance={user.balance}
            renderTopUp={renderTopUp}
            onRented={(days) => toast.success(t`Booked ${plural(days.length, { one: '# day', other: '# days' })}. Have a good trip!`)}
          />
        </Suspense>
      )}
    </section>
  );
}

interface RentActionProps {
  isSignedIn: boolean;
  isOwner: boolean;
  /** Where login brings the user back to. */
  from: string;
  onRent: () => void;
  size: 'md' | 'lg';
}

/** Rent Now for signed-in non-owners; a login link for visitors; a note for the owner. */
function RentAction({ isSignedIn, isOwner, from, onRent, size }: RentActionProps) {
  if (!isSignedIn) {
    return (
      <Link to="/login" state={{ from }} className={buttonClasses('primary', size, 'w-full')}>
        <Trans>Log in to rent</Trans>
      </Link>
    );
  }
  if (isOwner) {
    return (
      <p className="rounded-control bg-slate-100 px-4 py-3 text-center text-sm font-medium text-slate-700">
        <Trans>This is your vehicle</Trans>
      </p>
    );
  }
  return (
    <Button size={size} fullWidth onClick={onRent}>
      <Trans>Rent Now</Trans>
    </Button>
  );
}

/**
 * Phones and tablets: the price and the action in a bar fixed to the bottom, so Rent Now never
 * scrolls away. The page gets matching bottom padding (styles.css) so the bar covers nothing.
 */
function RentBar({ pricePerDay, children }: { pricePerDay: number; children: ReactNode }) {
  return (
    <div
      data-rent-bar=""
      className="fixed inset-x-0 bottom-0 z-30 border-t border-slate-200 bg-white/95 px-4 py-3 shadow-[0_-4px_16px_rgb(15_23_42/0.08)] backdrop-blur supports-[backdrop-filter]:bg-white/85 sm:px-6 lg:hidden"
    >
      <div className="mx-auto flex max-w-7xl items-center justify-between gap-4">
        <p className="flex items-baseline gap-1 whitespace-nowrap">
          <Money amount={pricePerDay} className="text-xl font-bold text-slate-900" />
          <span className="text-sm text-slate-600">
            <Trans>/ day</Trans>
          </span>
        </p>
        {/* A long label (German) wraps onto two lines in a taller button rather than being cut. */}
        <div className="w-40 shrink-0 sm:w-48 [&>*]:h-auto [&>*]:min-h-10 [&>*]:whitespace-normal [&>*]:py-1.5 [&>*]:text-center [&>*]:leading-tight">
          {children}
        </div>
      </div>
    </div>
  );
}
