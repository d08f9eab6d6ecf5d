import { Trans, useLingui } from '@lingui/react/macro';
import '../../i18n/more-messages';
import { Link } from 'react-router';
import { AuthCard } from '../../features/account/components/auth-card';
import { RegisterForm } from '../../features/account/components/register-form';
import { DocumentTitle } from '../../lib/document-title';
import { PRODUCT_NAME } from '../../lib/product';

export default function RegisterScreen() {
  const { t } = useLingui();
  return (
    <AuthCard
      title={t`Create an Account`}
      subtitle={t`Join ${PRODUCT_NAME} to rent vehicles, list your own and chat with owners.`}
      footer={
        <>
          <Trans>
            Already have an account?{' '}
            <Link to="/login" className="font-medium text-accent-700 underline-offset-2 hover:underline">
              Login
            </Link>
          </Trans>
        </>
      }
    >
      <DocumentTitle screen={t`Create an Account`} />
      <RegisterForm />
    </AuthCard>
  );
}
