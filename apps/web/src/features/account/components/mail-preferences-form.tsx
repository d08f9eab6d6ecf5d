import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { useLingui } from '@lingui/react/macro';
import '../../../i18n/more-messages';
import type { OptionalMailKind } from '@rentdrive/contracts/mail';
import { useErrorModal } from '../../../components/ui/error-modal-provider';
import { ErrorState } from '../../../components/ui/error-state';
import { CheckboxField } from '../../../components/ui/form-fields';
import { Skeleton } from '../../../components/ui/skeleton';
import { useToast } from '../../../components/ui/toast';
import { useMailPreferences, useSetMailPreference } from '../api/mail-preferences';

const GROUPS: { legend: MessageDescriptor; kinds: { kind: OptionalMailKind; label: MessageDescriptor }[] }[] = [
  {
    legend: msg`As a renter`,
    kinds: [
      { kind: 'booking-confirmed', label: msg`Booking confirmed` },
      { kind: 'booking-cancelled', label: msg`Booking cancelled and refunded` },
      { kind: 'rental-completed', label: msg`Rental complete: leave a review` },
    ],
  },
  {
    legend: msg`As an owner`,
    kinds: [
      { kind: 'booking-received', label: msg`New booking of my vehicle` },
      { kind: 'booking-cancelled-owner', label: msg`Booking of my vehicle cancelled` },
      { kind: 'rental-completed-owner', label: msg`Rental completed, with my earnings` },
      { kind: 'review-received', label: msg`New review of my vehicle` },
    ],
  },
  {
    legend: msg`Wallet`,
    kinds: [
      { kind: 'withdrawal-paid', label: msg`Withdrawal paid to my bank` },
      { kind: 'refund-to-card-paid', label: msg`Refund paid to my card` },
    ],
  },
  {
    legend: msg`Chat`,
    kinds: [{ kind: 'chat-digest', label: msg`Unread messages while I am away (one e-mail, not one per message)` }],
  },
];

/** Settings → Notifications: e-mail on or off per kind (GET/PUT /api/mail/preferences); security mail is always sent. */
export function MailPreferencesForm() {
  const { t } = useLingui();
  const { showError } = useErrorModal();
  const toast = useToast();
  const query = useMailPreferences();
  const mutation = useSetMailPreference();

  if (query.isPending) {
    return (
      <div className="grid gap-3" aria-busy="true">
        <span className="sr-only">{t`Loading your e-mail settings…`}</span>
        {[0, 1, 2].map((i) => (
          <Skeleton key={i} className="h-5 w-64 max-w-full" />
        ))}
      </div>
    );
  }
  if (query.isError) {
    return (
      <ErrorState
        message={t`Your e-mail settings could not be loaded.`}
        onRetry={() => void query.refetch()}
        isRetrying={query.isFetching}
      />
    );
  }
  const on = new Map(query.data.kinds.map((k) => [k.kind, k.email]));

  const change = async (kind: OptionalMailKind, email: boolean) => {
    try {
      await mutation.mutateAsync({ kind, email });
      toast.success(email ? t`E-mail switched on.` : t`E-mail switched off.`);
    } catch (error) {
      showError(error);
    }
  };

  return (
    <div className="grid gap-5">
      {GROUPS.map((group) => (
        <fieldset key={group.legend.id} className="grid gap-2">
          <legend className="mb-1 text-sm font-semibold text-slate-900">{t(group.legend)}</legend>
          {group.kinds.map(({ kind, label }) => (
            <CheckboxField
              key={kind}
              label={t(label)}
              checked={on.get(kind) ?? true}
              disabled={mutation.isPending}
              onChange={(event) => void change(kind, event.currentTarget.checked)}
            />
          ))}
        </fieldset>
      ))}
      <p className="text-sm text-slate-600">
        {t`Security e-mails (password reset, password changed, address confirmation) are always sent.`}
      </p>
    </div>
  );
}
