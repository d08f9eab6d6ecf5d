import { lazy, Suspense } from 'react';
import { useSession } from '../lib/session';
import { useHydrated } from '../lib/use-hydrated';
import { ReportButton } from './report-button';

// Only an owner or an employee ever needs them: their queries and schemas load then.
const HiddenListingNotice = lazy(() => import('./hidden-listing-notice').then((m) => ({ default: m.HiddenListingNotice })));
const HiddenListingEmployeeNotice = lazy(() => import('./hidden-listing-notice').then((m) => ({ default: m.HiddenListingEmployeeNotice })));

/** On a vehicle page (issue 28): 'Report' for others, and for the owner and employees why a moderator hid it. */
export function VehicleModeration({ vehicleId, ownerId }: { vehicleId: string; ownerId: string }) {
  const { user } = useSession();
  const hydrated = useHydrated();
  if (hydrated && user?.id === ownerId) {
    return (
      <Suspense fallback={null}>
        <HiddenListingNotice vehicleId={vehicleId} />
      </Suspense>
    );
  }
  return (
    <>
      {hydrated && user?.isCompanyEmployee && (
        <Suspense fallback={null}>
          <HiddenListingEmployeeNotice vehicleId={vehicleId} ownerId={ownerId} />
        </Suspense>
      )}
      <ReportButton targetType="vehicle" targetId={vehicleId} ownerId={ownerId} />
    </>
  );
}
