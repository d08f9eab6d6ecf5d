import { zodResolver } from '@hookform/resolvers/zod';
import { Trans, useLingui } from '@lingui/react/macro';
import { useQueryClient } from '@tanstack/react-query';
import { useForm } from 'react-hook-form';
import { Link, useLocation, useNavigate } from 'react-router';
import { LoginRequestSchema, type LoginRequest } from '@rentdrive/contracts/account';
import { WebPaths } from '@rentdrive/contracts/web-paths';
import { Button } from '../../../components/ui/button';
import { FormAlert } from '../../../components/ui/form-alert';
import { TextField } from '../../../components/ui/form-fields';
import { applyApiErrorToForm } from '../../../lib/form-errors';
import { loginReturnPath } from '../../../lib/login-return';
import { SESSION_QUERY_KEY } from '../../../lib/session';
import { useLogin } from '../api/login';
import '../../../i18n/more-messages';

const FIELDS = ['emailOrUsername', 'password'] as const;

/** Login: email or username and password; a wrong password is said on the form. */
export function LoginForm() {
  const { t } = useLingui();
  const navigate = useNavigate();
  const location = useLocation();
  const queryClient = useQueryClient();
  const loginMutation = useLogin();
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<LoginRequest>({
    mode: 'onTouched',
    resolver: zodResolver(LoginRequestSchema),
    defaultValues: { emailOrUsername: '', password: '' },
  });

  const onSubmit = handleSubmit(async (values) => {
    try {
      await loginMutation.mutateAsync(values);
    } catch (error) {
      applyApiErrorToForm(error, setError, FIELDS);
      return;
    }
    // Other users' cached data must not leak into this session.
    queryClient.removeQueries({ predicate: (q) => q.queryKey[0] !== SESSION_QUERY_KEY[0] });
    await queryClient.invalidateQueries({ queryKey: SESSION_QUERY_KEY });
    await navigate(loginReturnPath(location.state), { replace: true });
  });

  return (
    <form onSubmit={onSubmit} noValidate className="space-y-4" aria-label={t`Login to Your Account`}>
      <FormAlert message={errors.root?.server?.message} />
      <TextField
        label={t`Email or Username`}
        autoComplete="username"
        required
        error={errors.emailOrUsername?.message}
        {...register('emailOrUsername')}
      />
      <TextField
        label={t`Password`}
        type="password"
        autoComplete="current-password"
        required
        error={errors.password?.message}
        {...register('password')}
      />
      <p className="-mt-2 text-right text-sm">
        <Link to={WebPaths.forgotPassword} className="font-medium text-accent-700 underline-offset-2 hover:underline">
          <Trans>Forgot your password?</Trans>
        </Link>
      </p>
      <Button type="submit" fullWidth size="lg" isLoading={isSubmitting} loadingText={t`Signing in...`}>
        <Trans>Login</Trans>
      </Button>
    </form>
  );
}
