import { Trans, useLingui } from '@lingui/react/macro';
import '../../i18n/more-messages';
import { PageHeading } from '../../components/ui/page-heading';
import { ClaimsQueue } from '../../features/claims/components/claims-queue';
import { DocumentTitle } from '../../lib/document-title';

/** Damage claims (issue 27): employees only (the router's guard; the API checks it too). */
export default function Screen() {
  const { t } = useLingui();
  return (
    <main className="mx-auto max-w-7xl px-4 pb-16 sm:px-6">
      <DocumentTitle screen={t`Claims`} />
      <PageHeading subtitle={t`Deposits`} title={t`Claims`} size="compact" className="pt-8 pb-6">
        <Trans>
          Owners' damage claims on deposits, the longest waiting first. Decide what the owner gets; the rest of the deposit goes back to the
          renter. The reason is sent to both.
        </Trans>
      </PageHeading>
      <ClaimsQueue />
    </main>
  );
}
