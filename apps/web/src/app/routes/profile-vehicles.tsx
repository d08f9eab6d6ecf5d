import { PageHeading } from '../../components/ui/page-heading';
import { MyVehiclesTable } from '../../features/vehicles/components/my-vehicles-table';

/**
 * SPEC 2 'My Vehicles'. The booking history modal (rentals feature) plugs in through `onRowSelect`:
 * keep the selected vehicle id in state here and render the modal beside the table.
 */
export default function Screen() {
  return (
    <main>
      <PageHeading size="compact" subtitle="My Profile" title="My Vehicles" className="pt-0" />
      <MyVehiclesTable />
    </main>
  );
}
