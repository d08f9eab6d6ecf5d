import { Trans } from '@lingui/react/macro';
import '../../../i18n/more-messages';
import { Link } from 'react-router';
import { MailUnsubscribeMessages } from '@rentdrive/contracts/mail';
import { WebPaths } from '@rentdrive/contracts/web-paths';
import { Button, buttonClasses } from '../../../components/ui/button';
import { FormAlert } from '../../../components/ui/form-alert';
import { isApiError } from '../../../lib/api-client';
import { useUnsubscribe } from '../api/unsubscribe';

/**
 * /unsubscribe?token=… (a mail's 'Stop e-mails like this one'): switched off by a click, not on load,
 * so a mail scanner that opens links changes nothing. No sign-in: the signed token is the permission.
 */
export function UnsubscribePanel({ token }: { token: string }) {
  const mutation = useUnsubscribe();
  if (!token) return <FormAlert message={MailUnsubscribeMessages.linkInvalid} />;
  if (mutation.isSuccess) {
    return (
      <div className="space-y-4">
        <FormAlert tone="success" message={<Trans>Done: you will no longer get e-mails of this kind.</Trans>} />
        <p className="text-sm text-slate-600">
          <Trans>
            Security e-mails (password and address changes) are always sent. You can switch this kind on again in your settings.
          </Trans>
        </p>
        <Link to={WebPaths.profile.settings} className={buttonClasses('secondary', 'lg', 'w-full')}>
          <Trans>E-mail settings</Trans>
        </Link>
      </div>
    );
  }
  const error = mutation.error;
  return (
    <div className="space-y-4">
      <p className="text-sm text-slate-600">
        <Trans>Stop getting e-mails like the one this link came from? Other kinds of e-mail and security e-mails are not affected.</Trans>
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
      <Button type="button" fullWidth size="lg" isLoading={mutation.isPending} onClick={() => mutation.mutate(token)}>
        <Trans>Stop these e-mails</Trans>
      </Button>
    </div>
  );
}
