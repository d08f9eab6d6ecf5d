import { Trans, useLingui } from '@lingui/react/macro';
import '../../i18n/more-messages';
import { PageHeading } from '../../components/ui/page-heading';
import { UsersScreen } from '../../features/moderation/components/users-screen';
import { DocumentTitle } from '../../lib/document-title';

/** Users (issue 28): employees only. */
export default function Screen() {
  const { t } = useLingui();
  return (
    <main className="mx-auto max-w-7xl px-4 pb-16 sm:px-6">
      <DocumentTitle screen={t`Users`} />
      <PageHeading subtitle={t`Trust and safety`} title={t`Users`} size="compact" className="pt-8 pb-6">
        <Trans>Find a person by name, e-mail or id: their listings, rentals, wallet, reports and decisions.</Trans>
      </PageHeading>
      <UsersScreen />
    </main>
  );
}
