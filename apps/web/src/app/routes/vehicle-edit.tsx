import { useLingui } from '@lingui/react/macro';
import '../../i18n/more-messages';
import { useParams } from 'react-router';
import { PageHeading } from '../../components/ui/page-heading';
import { BookingRulesSection } from '../../features/rentals/components/booking-rules-section';
import { VehicleEditScreen } from '../../features/vehicles/components/vehicle-edit-screen';
import { DocumentTitle } from '../../lib/document-title';

export default function Screen() {
  const { t } = useLingui();
  const { id = '' } = useParams();
  return (
    <main className="mx-auto max-w-4xl px-4 pb-16 sm:px-6">
      <DocumentTitle screen={t`Edit Vehicle`} />
      <PageHeading subtitle={t`My Vehicles`} title={t`Edit Vehicle`} size="compact" className="pt-8 pb-6" />
      <VehicleEditScreen key={id} vehicleId={id} bookingRules={<BookingRulesSection mode="edit" />} />
    </main>
  );
}
