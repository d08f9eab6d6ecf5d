import { zodResolver } from '@hookform/resolvers/zod';
import { Trans, useLingui } from '@lingui/react/macro';
import { useForm } from 'react-hook-form';
import { ForgotPasswordRequestSchema, type ForgotPasswordRequest } from '@rentdrive/contracts/account-recovery';
import { Button } from '../../../components/ui/button';
import { FormAlert } from '../../../components/ui/form-alert';
import { TextField } from '../../../components/ui/form-fields';
import { applyApiErrorToForm } from '../../../lib/form-errors';
import { useForgotPassword } from '../api/account-recovery';
import '../../../i18n/more-messages';

const FIELDS = ['emailOrUsername'] as const;

/** /forgot-password: the answer is the same whether an account matches or not. */
export function ForgotPasswordForm() {
  const { t } = useLingui();
  const mutation = useForgotPassword();
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<ForgotPasswordRequest>({
    mode: 'onTouched',
    resolver: zodResolver(ForgotPasswordRequestSchema),
    defaultValues: { emailOrUsername: '' },
  });

  const onSubmit = handleSubmit(async (values) => {
    try {
      await mutation.mutateAsync(values);
    } catch (error) {
      applyApiErrorToForm(error, setError, FIELDS);
    }
  });

  if (mutation.isSuccess) {
    return (
      <FormAlert
        tone="success"
        message={
          <Trans>
            If an account matches, we have sent a link to its e-mail address. The link works once, within one hour. Check your spam folder
            if it does not arrive in a few minutes.
          </Trans>
        }
      />
    );
  }
  return (
    <form onSubmit={onSubmit} noValidate className="space-y-4" aria-label={t`Forgot your password?`}>
      <FormAlert message={errors.root?.server?.message} />
      <TextField
        label={t`Email or Username`}
        autoComplete="username"
        required
        error={errors.emailOrUsername?.message}
        {...register('emailOrUsername')}
      />
      <Button type="submit" fullWidth size="lg" isLoading={isSubmitting} loadingText={t`Sending...`}>
        <Trans>Send the link</Trans>
      </Button>
    </form>
  );
}
