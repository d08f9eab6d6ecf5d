import { zodResolver } from '@hookform/resolvers/zod';
import { Trans, useLingui } from '@lingui/react/macro';
import { useForm } from 'react-hook-form';
import { UpdateProfileRequestSchema, type UpdateProfileRequest, type UserProfileDetails } from '@rentdrive/contracts/account';
import { Button } from '../../../components/ui/button';
import { useErrorModal } from '../../../components/ui/error-modal-provider';
import { ErrorState } from '../../../components/ui/error-state';
import { TextField } from '../../../components/ui/form-fields';
import { Skeleton, SkeletonGroup } from '../../../components/ui/skeleton';
import { useToast } from '../../../components/ui/toast';
import { errorMessage } from '../../../lib/api-client';
import { applyFieldErrors } from '../../../lib/form-errors';
import { useProfileDetails } from '../api/get-profile-details';
import { useUpdateProfile } from '../api/update-profile';
import { PendingEmail } from './pending-email';
import '../../../i18n/more-messages';

const FIELDS = ['username', 'email', 'phoneNumber'] as const;

function DetailsForm({ details }: { details: UserProfileDetails }) {
  const { t } = useLingui();
  const { showError } = useErrorModal();
  const toast = useToast();
  const mutation = useUpdateProfile();
  const {
    register,
    handleSubmit,
    setError,
    reset,
    formState: { errors, isSubmitting, isDirty },
  } = useForm<UpdateProfileRequest>({
    mode: 'onTouched',
    resolver: zodResolver(UpdateProfileRequestSchema),
    defaultValues: { username: details.username, email: details.email, phoneNumber: details.phoneNumber ?? '' },
  });

  const onSubmit = handleSubmit(async (values) => {
    // An empty phone means none.
    const body: UpdateProfileRequest = { ...values, phoneNumber: values.phoneNumber ? values.phoneNumber : null };
    try {
      const saved = await mutation.mutateAsync(body);
      reset({ username: saved.username, email: saved.email, phoneNumber: saved.phoneNumber ?? '' });
      // A new address is not taken at once: it waits for the link we sent to it (the note below the field).
      const asked = body.email.trim();
      if (asked.toLowerCase() !== saved.email.toLowerCase())
        toast.success(t`Profile details updated. We sent a link to ${asked}: your address changes once you open it.`);
      else toast.success(t`Profile details updated.`);
    } catch (error) {
      // A message about a field shows on that field only; the common error modal is for the rest.
      if (!applyFieldErrors(error, setError, FIELDS)) showError(error);
    }
  });

  return (
    <form onSubmit={onSubmit} noValidate className="grid gap-4 sm:grid-cols-2">
      <TextField label={t`Username`} autoComplete="username" required error={errors.username?.message} {...register('username')} />
      <div>
        <TextField label={t`Email`} type="email" autoComplete="email" required error={errors.email?.message} {...register('email')} />
        <PendingEmail className="mt-2" />
      </div>
      <TextField
        label={t`Phone number`}
        type="tel"
        autoComplete="tel"
        hint={t`Optional. 8 to 15 digits, may start with +.`}
        error={errors.phoneNumber?.message}
        containerClassName="sm:col-span-2"
        {...register('phoneNumber')}
      />
      <div className="sm:col-span-2">
        <Button type="submit" isLoading={isSubmitting} loadingText={t`Saving...`} disabled={!isDirty}>
          <Trans>Save changes</Trans>
        </Button>
      </div>
    </form>
  );
}

/** Settings: edit username, email and phone (PUT /api/account/update-profile-details). */
export function ProfileDetailsForm() {
  const { t } = useLingui();
  const { data, isPending, isError, error, refetch, isRefetching } = useProfileDetails();
  if (isPending) {
    return (
      <SkeletonGroup label={t`Loading profile details...`} className="grid gap-4 sm:grid-cols-2">
        <Skeleton className="h-16" />
        <Skeleton className="h-16" />
        <Skeleton className="h-16 sm:col-span-2" />
      </SkeletonGroup>
    );
  }
  if (isError) return <ErrorState message={t`Error: ${errorMessage(error)}`} onRetry={() => void refetch()} isRetrying={isRefetching} />;
  return <DetailsForm details={data} />;
}
