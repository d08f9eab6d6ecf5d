import { Trans, useLingui } from '@lingui/react/macro';
import '../../i18n/more-messages';
import { PageHeading } from '../../components/ui/page-heading';
import { MarketplaceDashboard } from '../../features/dashboard/components/marketplace-dashboard';
import { DocumentTitle } from '../../lib/document-title';

/** /manage/dashboard (issue 30): employees only (the router's guard; the API checks it too). */
export default function ManageDashboardScreen() {
  const { t } = useLingui();
  return (
    <main className="mx-auto max-w-7xl px-4 pb-16 sm:px-6">
      <DocumentTitle screen={t`Marketplace figures`} />
      <PageHeading subtitle={t`Operations`} title={t`Marketplace figures`} size="compact" className="pt-8 pb-6">
        <Trans>Bookings, money and demand across the marketplace. Money comes from the ledger.</Trans>
      </PageHeading>
      <MarketplaceDashboard />
    </main>
  );
}
