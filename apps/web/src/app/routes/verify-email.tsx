import { useLingui } from '@lingui/react/macro';
import '../../i18n/more-messages';
import { useSearchParams } from 'react-router';
import { AuthCard } from '../../features/account/components/auth-card';
import { VerifyEmailPanel } from '../../features/account/components/verify-email-panel';
import { DocumentTitle } from '../../lib/document-title';

export default function VerifyEmailScreen() {
  const { t } = useLingui();
  const [params] = useSearchParams();
  return (
    <AuthCard title={t`Confirm your e-mail address`}>
      <DocumentTitle screen={t`Confirm your e-mail address`} />
      <VerifyEmailPanel token={params.get('token') ?? ''} />
    </AuthCard>
  );
}
