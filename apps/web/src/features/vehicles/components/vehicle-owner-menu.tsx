import { lazy, Suspense } from 'react';
import type { VehicleOwnerMenuProps } from './vehicle-owner-dropdown';

// Only owners and employees see this menu: its dropdown and confirmation dialog load for them alone,
// not on every shopper's first visit to a vehicle.
const VehicleOwnerDropdown = lazy(() => import('./vehicle-owner-dropdown'));

/** The owner's (or an employee's) menu on the details page: edit, delete with confirmation, then /listing. */
export function VehicleOwnerMenu(props: VehicleOwnerMenuProps) {
  return (
    // The trigger's own size while it loads, so the heading beside it does not move.
    <Suspense fallback={<span className="inline-block h-10 w-12" aria-hidden="true" />}>
      <VehicleOwnerDropdown {...props} />
    </Suspense>
  );
}
