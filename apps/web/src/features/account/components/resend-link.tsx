import { Trans, useLingui } from '@lingui/react/macro';
import '../../../i18n/more-messages';
import type { ReactNode } from 'react';
import { Button } from '../../../components/ui/button';
import { isApiError } from '../../../lib/api-client';
import { useResendVerification } from '../api/account-recovery';

export type Resend = ReturnType<typeof useResendVerification>;

/**
 * 'Send the link again' of the two e-mail notices (the address not yet confirmed, a new address
 * waiting for its link): one request at a time, and pressed once only after it succeeded.
 */
export function ResendLinkButton({ resend, children }: { resend: Resend; children: ReactNode }) {
  return (
    <Button
      type="button"
      size="sm"
      variant="secondary"
      isLoading={resend.isPending}
      onClick={() => resend.mutate()}
      disabled={resend.isSuccess}
    >
      {children}
    </Button>
  );
}

/** What came of it: sent (a status), or the server's reason it was not (an alert). Nothing before. */
export function ResendLinkOutcome({ resend, className = '' }: { resend: Resend; className?: string }) {
  const { t } = useLingui();
  if (resend.isSuccess)
    return (
      <span role="status" className={`font-medium ${className}`}>
        <Trans>A new link is on its way.</Trans>
      </span>
    );
  if (resend.isError)
    return (
      <span role="alert" className={`font-medium text-danger ${className}`}>
        {isApiError(resend.error) ? resend.error.detail : t`The link could not be sent. Please try again later.`}
      </span>
    );
  return null;
}
