import { useDocumentTitle } from '../../lib/use-document-title';
import { Link } from 'react-router';
import { AuthCard } from '../../features/account/components/auth-card';
import { LoginForm } from '../../features/account/components/login-form';

export default function LoginScreen() {
  useDocumentTitle('Login to Your Account');
  return (
    <AuthCard
      title="Login to Your Account"
      subtitle="Welcome back. Sign in with your email or username."
      footer={
        <>
          Don't have an account?{' '}
          <Link to="/register" className="font-medium text-accent-700 underline-offset-2 hover:underline">
            Register
          </Link>
        </>
      }
    >
      <LoginForm />
    </AuthCard>
  );
}
