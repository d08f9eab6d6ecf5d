import { useDocumentTitle } from '../../lib/use-document-title';
import { PageHeading } from '../../components/ui/page-heading';
import { OverviewDetails } from '../../features/account/components/overview-details';

export default function ProfileOverviewScreen() {
  useDocumentTitle('My Profile');
  return (
    <main>
      <PageHeading size="compact" subtitle="My Profile" title="Overview" />
      <OverviewDetails />
    </main>
  );
}
