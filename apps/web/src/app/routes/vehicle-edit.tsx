import { useParams } from 'react-router';
import { PageHeading } from '../../components/ui/page-heading';
import { VehicleEditScreen } from '../../features/vehicles/components/vehicle-edit-screen';
import { useDocumentTitle } from '../../lib/use-document-title';

export default function Screen() {
  useDocumentTitle('Edit Vehicle');
  const { id = '' } = useParams();
  return (
    <main className="mx-auto max-w-4xl px-4 pb-16 sm:px-6">
      <PageHeading subtitle="My Vehicles" title="Edit Vehicle" size="compact" className="pt-8 pb-6" />
      <VehicleEditScreen key={id} vehicleId={id} />
    </main>
  );
}
