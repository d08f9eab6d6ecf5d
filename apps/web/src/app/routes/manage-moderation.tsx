import { Trans, useLingui } from '@lingui/react/macro';
import '../../i18n/more-messages';
import { PageHeading } from '../../components/ui/page-heading';
import { ReportQueue } from '../../features/moderation/components/report-queue';
import { DocumentTitle } from '../../lib/document-title';

/** Moderation (issue 28): employees only (the router's guard; the API checks it too). */
export default function Screen() {
  const { t } = useLingui();
  return (
    <main className="mx-auto max-w-7xl px-4 pb-16 sm:px-6">
      <DocumentTitle screen={t`Moderation`} />
      <PageHeading subtitle={t`Trust and safety`} title={t`Moderation`} size="compact" className="pt-8 pb-6">
        <Trans>
          Open reports, grouped by what they report, the longest waiting first. Every decision needs a reason: it is sent to the people
          concerned.
        </Trans>
      </PageHeading>
      <ReportQueue />
    </main>
  );
}
