import { Trans, useLingui } from '@lingui/react/macro';
import '../../i18n/more-messages';
import { Link, useSearchParams } from 'react-router';
import { WebPaths } from '@rentdrive/contracts/web-paths';
import { AuthCard } from '../../features/account/components/auth-card';
import { ResetPasswordForm } from '../../features/account/components/reset-password-form';
import { DocumentTitle } from '../../lib/document-title';

export default function ResetPasswordScreen() {
  const { t } = useLingui();
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  return (
    <AuthCard
      title={t`Choose a new password`}
      subtitle={t`Every device signed in to your account will be signed out.`}
      footer={
        <Trans>
          Need a new link?{' '}
          <Link to={WebPaths.forgotPassword} className="font-medium text-accent-700 underline-offset-2 hover:underline">
            Ask for one
          </Link>
        </Trans>
      }
    >
      <DocumentTitle screen={t`Choose a new password`} />
      <ResetPasswordForm token={token} />
    </AuthCard>
  );
}
