import { zodResolver } from '@hookform/resolvers/zod';
import { Trans, useLingui } from '@lingui/react/macro';
import { useQueryClient } from '@tanstack/react-query';
import { useForm } from 'react-hook-form';
import { useNavigate } from 'react-router';
import { AccountMessages, RegisterRequestSchema, type RegisterRequest } from '@rentdrive/contracts/account';
import { Button } from '../../../components/ui/button';
import { FormAlert } from '../../../components/ui/form-alert';
import { TextField } from '../../../components/ui/form-fields';
import { applyApiErrorToForm } from '../../../lib/form-errors';
import { SESSION_QUERY_KEY } from '../../../lib/session';
import { useRegister } from '../api/register';
import { withMatchCheck } from '../lib/with-match-check';
import '../../../i18n/more-messages';

const FIELDS = ['username', 'email', 'password', 'comfirmedPassword'] as const;
const resolver = withMatchCheck<RegisterRequest>(
  zodResolver(RegisterRequestSchema),
  'password',
  'comfirmedPassword',
  AccountMessages.confirmMismatch,
);

/** Register: messages after a field is touched; submit touches all; server refusals shown here. */
export function RegisterForm() {
  const { t } = useLingui();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const registerMutation = useRegister();
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<RegisterRequest>({
    mode: 'onTouched',
    resolver,
    defaultValues: { username: '', email: '', password: '', comfirmedPassword: '' },
  });

  const onSubmit = handleSubmit(async (values) => {
    try {
      await registerMutation.mutateAsync(values);
    } catch (error) {
      applyApiErrorToForm(error, setError, FIELDS);
      return;
    }
    // Load the new user (the header shows the balance), then go home.
    await queryClient.invalidateQueries({ queryKey: SESSION_QUERY_KEY });
    await navigate('/', { replace: true });
  });

  return (
    <form onSubmit={onSubmit} noValidate className="space-y-4" aria-label={t`Create an Account`}>
      <FormAlert message={errors.root?.server?.message} />
      <TextField label={t`Username`} autoComplete="username" required error={errors.username?.message} {...register('username')} />
      <TextField label={t`Email`} type="email" autoComplete="email" required error={errors.email?.message} {...register('email')} />
      <TextField
        label={t`Password`}
        type="password"
        autoComplete="new-password"
        required
        hint={t`6 to 20 characters, with a lowercase letter, an uppercase letter and a digit.`}
        error={errors.password?.message}
        {...register('password')}
      />
      <TextField
        label={t`Confirm Password`}
        type="password"
        autoComplete="new-password"
        required
        error={errors.comfirmedPassword?.message}
        {...register('comfirmedPassword')}
      />
      <Button type="submit" fullWidth size="lg" isLoading={isSubmitting} loadingText={t`Creating account...`}>
        <Trans>Register</Trans>
      </Button>
    </form>
  );
}
