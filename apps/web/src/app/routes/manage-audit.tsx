import { Trans, useLingui } from '@lingui/react/macro';
import '../../i18n/more-messages';
import { PageHeading } from '../../components/ui/page-heading';
import { AuditTable } from '../../features/audit/components/audit-table';
import { DocumentTitle } from '../../lib/document-title';

/** The audit trail (issue 28): employees only (the router's guard; the API checks it too). */
export default function Screen() {
  const { t } = useLingui();
  return (
    <main className="mx-auto max-w-7xl px-4 pb-16 sm:px-6">
      <DocumentTitle screen={t`Audit trail`} />
      <PageHeading subtitle={t`Moderation`} title={t`Audit trail`} size="compact" className="pt-8 pb-6">
        <Trans>Who did what, on what, when and from where: employee actions and security events. Nobody can change it.</Trans>
      </PageHeading>
      <AuditTable />
    </main>
  );
}
