import { useLingui } from '@lingui/react/macro';
import '../../i18n/more-messages';
import { useDocumentTitle } from '../../lib/use-document-title';
import { PageHeading } from '../../components/ui/page-heading';
import { OverviewDetails } from '../../features/account/components/overview-details';

export default function ProfileOverviewScreen() {
  const { t } = useLingui();
  useDocumentTitle(t`My Profile`);
  return (
    <main>
      <PageHeading size="compact" subtitle={t`My Profile`} title={t`Overview`} />
      <OverviewDetails />
    </main>
  );
}
