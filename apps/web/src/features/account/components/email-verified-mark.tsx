import { useLingui } from '@lingui/react/macro';
import '../../../i18n/more-messages';
import { useEmailStatus } from '../api/account-recovery';

/**
 * Beside the signed-in user's address (issue 25): 'Verified' with a check once the current address is
 * confirmed, 'Not verified' otherwise (the notice at the top offers 'Send again'). Nothing while loading.
 */
export function EmailVerifiedMark({ email }: { email: string }) {
  const { t } = useLingui();
  const status = useEmailStatus(true);
  // The status is of the current address; right after a change it may still describe the old one.
  if (!status.data || status.data.email.toLowerCase() !== email.toLowerCase()) return null;
  return status.data.verified ? (
    <span className="ml-2 inline-flex items-center gap-1 rounded-full bg-emerald-50 px-2 py-0.5 align-middle text-xs font-medium text-emerald-800">
      <svg aria-hidden="true" viewBox="0 0 16 16" className="h-3 w-3 fill-current">
        <path d="M6.2 11.4 2.8 8l1.1-1.1 2.3 2.3 5.9-5.9 1.1 1.1z" />
      </svg>
      {t`Verified`}
    </span>
  ) : (
    <span className="ml-2 inline-flex items-center rounded-full bg-amber-50 px-2 py-0.5 align-middle text-xs font-medium text-amber-900">
      {t`Not verified`}
    </span>
  );
}
