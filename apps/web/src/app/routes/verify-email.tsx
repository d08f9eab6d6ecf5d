import { useLingui } from '@lingui/react/macro';
import '../../i18n/more-messages';
import { useSearchParams } from 'react-router';
import { AuthCard } from '../../features/account/components/auth-card';
import { VerifyEmailPanel } from '../../features/account/components/verify-email-panel';
import { useDocumentTitle } from '../../lib/use-document-title';

export default function VerifyEmailScreen() {
  const { t } = useLingui();
  useDocumentTitle(t`Confirm your e-mail address`);
  const [params] = useSearchParams();
  return (
    <AuthCard title={t`Confirm your e-mail address`}>
      <VerifyEmailPanel token={params.get('token') ?? ''} />
    </AuthCard>
  );
}
