import { Trans, useLingui } from '@lingui/react/macro';
import '../../../i18n/more-messages';
import { useState } from 'react';
import { Button } from '../../../components/ui/button';
import { useSession } from '../../../lib/session';
import { useEmailStatus, useResendVerification } from '../api/account-recovery';
import { ResendLinkButton, ResendLinkOutcome } from './resend-link';

const DISMISSED_KEY = 'rd_verify_notice_dismissed';

function dismissedFor(): string | null {
  try {
    return sessionStorage.getItem(DISMISSED_KEY);
  } catch {
    return null;
  }
}

/** For a signed-in user whose address is not verified: a notice with 'Send again', dismissible for the visit. */
export function VerifyEmailNotice() {
  const { t } = useLingui();
  const { user } = useSession();
  const status = useEmailStatus(Boolean(user));
  const resend = useResendVerification();
  const [dismissed, setDismissed] = useState(dismissedFor);
  const data = status.data;
  // A change of address waiting for its link is shown in Settings and the overview (pending-email.tsx).
  if (!data || data.verified || data.pendingEmail || dismissed === data.email) return null;
  const dismiss = () => {
    try {
      sessionStorage.setItem(DISMISSED_KEY, data.email);
    } catch {
      // Private mode: dismissed for this page only.
    }
    setDismissed(data.email);
  };
  const email = data.email;
  return (
    <section
      aria-label={t`E-mail address not confirmed`}
      className="mb-6 flex flex-col gap-3 rounded-card border border-amber-300 bg-amber-50 p-4 text-sm text-amber-900 sm:flex-row sm:items-center"
    >
      <p className="min-w-0 flex-1">
        <Trans>
          Please confirm your e-mail address <span className="font-semibold break-all">{email}</span>: we sent you a link.
        </Trans>
        <ResendLinkOutcome resend={resend} className="mt-1 block" />
      </p>
      <div className="flex flex-wrap gap-2">
        <ResendLinkButton resend={resend}>
          <Trans>Send again</Trans>
        </ResendLinkButton>
        <Button type="button" size="sm" variant="ghost" onClick={dismiss}>
          <Trans>Dismiss</Trans>
        </Button>
      </div>
    </section>
  );
}
