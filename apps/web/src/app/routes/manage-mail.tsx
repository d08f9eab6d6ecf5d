import { Trans, useLingui } from '@lingui/react/macro';
import '../../i18n/more-messages';
import { PageHeading } from '../../components/ui/page-heading';
import { MailOutboxTable } from '../../features/mail/components/mail-outbox-table';
import { DocumentTitle } from '../../lib/document-title';

/** Undelivered e-mail (issue 25): employees only (the router's guard; the API checks it too). */
export default function Screen() {
  const { t } = useLingui();
  return (
    <main className="mx-auto max-w-7xl px-4 pb-16 sm:px-6">
      <DocumentTitle screen={t`Undelivered e-mail`} />
      <PageHeading subtitle={t`Operations`} title={t`Undelivered e-mail`} size="compact" className="pt-8 pb-6">
        <Trans>Messages the mail server has not accepted yet. A failed one can be sent again once the cause is fixed.</Trans>
      </PageHeading>
      <MailOutboxTable />
    </main>
  );
}
