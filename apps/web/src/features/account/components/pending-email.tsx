import { Trans, useLingui } from '@lingui/react/macro';
import '../../../i18n/more-messages';
import { useEmailStatus, useResendVerification } from '../api/account-recovery';
import { ResendLinkButton, ResendLinkOutcome } from './resend-link';

/**
 * A new address given in Settings waits for its confirmation (issue 25): the account keeps its
 * current address until the link sent to the new one is followed. Says so, with 'Send again'.
 * Nothing when no change is pending.
 */
export function PendingEmail({ className = '' }: { className?: string }) {
  const { t } = useLingui();
  const status = useEmailStatus(true);
  const resend = useResendVerification();
  const pending = status.data?.pendingEmail;
  if (!pending) return null;
  return (
    <div role="group" aria-label={t`New e-mail address waiting for confirmation`} className={`text-sm text-amber-900 ${className}`}>
      <p>
        <Trans>
          Pending: <span className="font-semibold break-all">{pending}</span>. Open the link we sent to it to use it; until then we write to
          your current address.
        </Trans>
      </p>
      <div className="mt-2 flex flex-wrap items-center gap-2">
        <ResendLinkButton resend={resend}>
          <Trans>Send the link again</Trans>
        </ResendLinkButton>
        <ResendLinkOutcome resend={resend} />
      </div>
    </div>
  );
}
