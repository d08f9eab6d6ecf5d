import { useLingui } from '@lingui/react/macro';
import '../../i18n/more-messages';
import { useSearchParams } from 'react-router';
import { AuthCard } from '../../features/account/components/auth-card';
import { UnsubscribePanel } from '../../features/mail/components/unsubscribe-panel';
import { DocumentTitle } from '../../lib/document-title';

/** Reached from the 'Stop e-mails like this one' link in a mail (issue 25), signed in or not. */
export default function UnsubscribeScreen() {
  const { t } = useLingui();
  const [params] = useSearchParams();
  return (
    <AuthCard title={t`Stop these e-mails`}>
      <DocumentTitle screen={t`Stop these e-mails`} />
      <UnsubscribePanel token={params.get('token') ?? ''} />
    </AuthCard>
  );
}
