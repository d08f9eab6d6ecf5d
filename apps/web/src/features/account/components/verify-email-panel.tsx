import { Trans } from '@lingui/react/macro';
import '../../../i18n/more-messages';
import { Link } from 'react-router';
import { AccountRecoveryMessages } from '@rentdrive/contracts/account-recovery';
import { WebPaths } from '@rentdrive/contracts/web-paths';
import { Button, buttonClasses } from '../../../components/ui/button';
import { FormAlert } from '../../../components/ui/form-alert';
import { isApiError } from '../../../lib/api-client';
import { useVerifyEmail } from '../api/account-recovery';

/**
 * /verify-email?token=…: confirmed by a click, not on load, so a mail scanner that opens links does
 * not use the one-use token up.
 */
export function VerifyEmailPanel({ token }: { token: string }) {
  const mutation = useVerifyEmail();
  if (!token) return <FormAlert message={AccountRecoveryMessages.tokenRequired} />;
  if (mutation.isSuccess) {
    return (
      <div className="space-y-4">
        <FormAlert tone="success" message={<Trans>Thank you: your e-mail address is confirmed.</Trans>} />
        <Link to={WebPaths.home} className={buttonClasses('primary', 'lg', 'w-full')}>
          <Trans>Continue</Trans>
        </Link>
      </div>
    );
  }
  const error = mutation.error;
  return (
    <div className="space-y-4">
      <p className="text-sm text-slate-600">
        <Trans>Confirm that this e-mail address is yours: it helps owners and renters trust each other.</Trans>
      </p>
      <FormAlert
        message={
          error
            ? isApiError(error)
              ? error.detail
              : 'Something went wrong while processing your request. Please try again later.'
            : undefined
        }
      />
      <Button type="button" fullWidth size="lg" isLoading={mutation.isPending} onClick={() => mutation.mutate({ token })}>
        <Trans>Confirm my address</Trans>
      </Button>
    </div>
  );
}
