import { zodResolver } from '@hookform/resolvers/zod';
import { Trans, useLingui } from '@lingui/react/macro';
import { useQueryClient } from '@tanstack/react-query';
import { useForm } from 'react-hook-form';
import { Link } from 'react-router';
import { AccountMessages } from '@rentdrive/contracts/account';
import { AccountRecoveryMessages, ResetPasswordRequestSchema, type ResetPasswordRequest } from '@rentdrive/contracts/account-recovery';
import { WebPaths } from '@rentdrive/contracts/web-paths';
import { buttonClasses, Button } from '../../../components/ui/button';
import { FormAlert } from '../../../components/ui/form-alert';
import { TextField } from '../../../components/ui/form-fields';
import { applyApiErrorToForm } from '../../../lib/form-errors';
import { SESSION_QUERY_KEY } from '../../../lib/session';
import { useResetPassword } from '../api/account-recovery';
import { withMatchCheck } from '../lib/with-match-check';
import '../../../i18n/more-messages';

const FIELDS = ['newPassword', 'confirmPassword'] as const;
const resolver = withMatchCheck<ResetPasswordRequest>(
  zodResolver(ResetPasswordRequestSchema),
  'newPassword',
  'confirmPassword',
  AccountMessages.newPasswordsMismatch,
);

/** /reset-password?token=…: the new password (the spec's rules), then sign in with it. */
export function ResetPasswordForm({ token }: { token: string }) {
  const { t } = useLingui();
  const queryClient = useQueryClient();
  const mutation = useResetPassword();
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<ResetPasswordRequest>({ mode: 'onTouched', resolver, defaultValues: { token, newPassword: '', confirmPassword: '' } });

  const onSubmit = handleSubmit(async (values) => {
    try {
      await mutation.mutateAsync({ ...values, token });
      // Every session ended, this browser's too.
      await queryClient.invalidateQueries({ queryKey: SESSION_QUERY_KEY });
    } catch (error) {
      applyApiErrorToForm(error, setError, FIELDS);
    }
  });

  if (!token) return <FormAlert message={AccountRecoveryMessages.tokenRequired} />;
  if (mutation.isSuccess) {
    return (
      <div className="space-y-4">
        <FormAlert tone="success" message={<Trans>Your password has been changed. Sign in with your new password.</Trans>} />
        <Link to={WebPaths.login} className={buttonClasses('primary', 'lg', 'w-full')}>
          <Trans>Go to login</Trans>
        </Link>
      </div>
    );
  }
  return (
    <form onSubmit={onSubmit} noValidate className="space-y-4" aria-label={t`Choose a new password`}>
      <FormAlert message={errors.root?.server?.message ?? errors.token?.message} />
      <TextField
        label={t`New password`}
        type="password"
        autoComplete="new-password"
        required
        hint={t`6 to 20 characters, with a lowercase letter, an uppercase letter and a digit.`}
        error={errors.newPassword?.message}
        {...register('newPassword')}
      />
      <TextField
        label={t`Confirm new password`}
        type="password"
        autoComplete="new-password"
        required
        error={errors.confirmPassword?.message}
        {...register('confirmPassword')}
      />
      <Button type="submit" fullWidth size="lg" isLoading={isSubmitting} loadingText={t`Saving...`}>
        <Trans>Save the new password</Trans>
      </Button>
    </form>
  );
}
