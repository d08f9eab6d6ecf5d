import { zodResolver } from '@hookform/resolvers/zod';
import { Trans, useLingui } from '@lingui/react/macro';
import { useForm } from 'react-hook-form';
import { AccountMessages, UpdatePasswordRequestSchema, type UpdatePasswordRequest } from '@rentdrive/contracts/account';
import { Button } from '../../../components/ui/button';
import { useErrorModal } from '../../../components/ui/error-modal-provider';
import { TextField } from '../../../components/ui/form-fields';
import { useToast } from '../../../components/ui/toast';
import { applyFieldErrors } from '../../../lib/form-errors';
import { useRefreshSession } from '../../../lib/session';
import { useUpdatePassword } from '../api/update-password';
import { withMatchCheck } from '../lib/with-match-check';
import '../../../i18n/more-messages';

const FIELDS = ['currentPassword', 'newPassword', 'confirmPassword'] as const;
const EMPTY: UpdatePasswordRequest = { currentPassword: '', newPassword: '', confirmPassword: '' };
const resolver = withMatchCheck<UpdatePasswordRequest>(
  zodResolver(UpdatePasswordRequestSchema),
  'newPassword',
  'confirmPassword',
  AccountMessages.newPasswordsMismatch,
);

/** Settings: change password (POST /api/account/update-password); 'New passwords do not match.' */
export function PasswordForm() {
  const { t } = useLingui();
  const { showError } = useErrorModal();
  const toast = useToast();
  const refreshSession = useRefreshSession();
  const mutation = useUpdatePassword();
  const {
    register,
    handleSubmit,
    setError,
    reset,
    formState: { errors, isSubmitting },
  } = useForm<UpdatePasswordRequest>({ mode: 'onTouched', resolver, defaultValues: EMPTY });

  const onSubmit = handleSubmit(async (values) => {
    try {
      await mutation.mutateAsync(values);
      reset(EMPTY);
      toast.success(t`Password updated.`);
      await refreshSession();
    } catch (error) {
      // A message about a field shows on that field only; the common error modal is for the rest.
      if (!applyFieldErrors(error, setError, FIELDS)) showError(error);
    }
  });

  return (
    <form onSubmit={onSubmit} noValidate className="grid gap-4 sm:grid-cols-2">
      <TextField
        label={t`Current password`}
        type="password"
        autoComplete="current-password"
        required
        error={errors.currentPassword?.message}
        containerClassName="sm:col-span-2"
        {...register('currentPassword')}
      />
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
      <div className="sm:col-span-2">
        <Button type="submit" isLoading={isSubmitting} loadingText={t`Updating...`}>
          <Trans>Change password</Trans>
        </Button>
      </div>
    </form>
  );
}
