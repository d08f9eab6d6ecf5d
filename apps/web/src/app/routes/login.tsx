import { Trans, useLingui } from '@lingui/react/macro';
import '../../i18n/more-messages';
import { Link } from 'react-router';
import { AuthCard } from '../../features/account/components/auth-card';
import { LoginForm } from '../../features/account/components/login-form';
import { DocumentTitle } from '../../lib/document-title';

export default function LoginScreen() {
  const { t } = useLingui();
  return (
    <AuthCard
      title={t`Login to Your Account`}
      subtitle={t`Welcome back. Sign in with your email or username.`}
      footer={
        <>
          <Trans>
            Don't have an account?{' '}
            <Link to="/register" className="font-medium text-accent-700 underline-offset-2 hover:underline">
              Register
            </Link>
          </Trans>
        </>
      }
    >
      <DocumentTitle screen={t`Login to Your Account`} />
      <LoginForm />
    </AuthCard>
  );
}
