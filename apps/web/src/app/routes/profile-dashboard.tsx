import { useLingui } from '@lingui/react/macro';
import '../../i18n/more-messages';
import { useState } from 'react';
import { PageHeading } from '../../components/ui/page-heading';
import { OwnerDashboard } from '../../features/dashboard/components/owner-dashboard';
import { BlockDaysModal, type AvailabilityVehicle } from '../../features/rentals/components/block-days-modal';
import { DocumentTitle } from '../../lib/document-title';

/** /profile/dashboard (issue 30): the owner's figures; the charts load with this screen only. */
export default function ProfileDashboardScreen() {
  const { t } = useLingui();
  // The strips open the rentals feature's availability calendar, kept beside the dashboard here.
  const [calendarFor, setCalendarFor] = useState<AvailabilityVehicle | null>(null);
  return (
    <main className="pb-12">
      <DocumentTitle screen={t`Dashboard`} />
      <PageHeading size="compact" subtitle={t`My Profile`} title={t`Dashboard`} />
      <div className="mt-6">
        <OwnerDashboard onOpenCalendar={setCalendarFor} />
      </div>
      <BlockDaysModal vehicle={calendarFor} onClose={() => setCalendarFor(null)} />
    </main>
  );
}
