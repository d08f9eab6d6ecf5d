import { useParams } from 'react-router';
import { RentPanel } from '../../features/rentals/components/rent-panel';
import { VehicleDetailsScreen } from '../../features/vehicles/components/vehicle-details-screen';
import { useDocumentTitle } from '../../lib/use-document-title';

/**
 * /api/vehicle/:id, title 'Vehicle Details'. The rent action and availability calendar
 * (rentals feature) plug in through `renderRentPanel`, which fills `<div data-slot="rent-panel">`.
 */
export default function Screen() {
  const { id = '' } = useParams();
  useDocumentTitle('Vehicle Details');
  return (
    <main className="mx-auto max-w-7xl px-4 pt-6 pb-16 sm:px-6 md:pt-10">
      <VehicleDetailsScreen key={id} vehicleId={id} renderRentPanel={(vehicle) => <RentPanel vehicle={vehicle} />} />
    </main>
  );
}
