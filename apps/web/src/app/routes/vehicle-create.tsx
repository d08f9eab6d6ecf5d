import { Trans, useLingui } from '@lingui/react/macro';
import '../../i18n/more-messages';
import { PageHeading } from '../../components/ui/page-heading';
import { BookingRulesSection } from '../../features/rentals/components/booking-rules-section';
import { VehicleCreateScreen } from '../../features/vehicles/components/vehicle-create-screen';
import { DocumentTitle } from '../../lib/document-title';

export default function Screen() {
  const { t } = useLingui();
  return (
    <main className="mx-auto max-w-4xl px-4 pb-16 sm:px-6">
      <DocumentTitle screen={t`Create Vehicle Listing`} />
      <PageHeading subtitle={t`List a Vehicle`} title={t`Create Vehicle Listing`} size="compact" className="pt-8 pb-6">
        <Trans>Fill in the details, choose the type and add 1 to 15 photos.</Trans>
      </PageHeading>
      <VehicleCreateScreen bookingRules={<BookingRulesSection mode="create" />} />
    </main>
  );
}
