import { Trans, useLingui } from '@lingui/react/macro';
import '../../i18n/more-messages';
import { Link } from 'react-router';
import { WebPaths } from '@rentdrive/contracts/web-paths';
import { AuthCard } from '../../features/account/components/auth-card';
import { ForgotPasswordForm } from '../../features/account/components/forgot-password-form';
import { DocumentTitle } from '../../lib/document-title';

export default function ForgotPasswordScreen() {
  const { t } = useLingui();
  return (
    <AuthCard
      title={t`Forgot your password?`}
      subtitle={t`Enter your email or username and we will send you a link to choose a new password.`}
      footer={
        <Trans>
          Remembered it?{' '}
          <Link to={WebPaths.login} className="font-medium text-accent-700 underline-offset-2 hover:underline">
            Back to login
          </Link>
        </Trans>
      }
    >
      <DocumentTitle screen={t`Forgot your password?`} />
      <ForgotPasswordForm />
    </AuthCard>
  );
}
