import { Trans, useLingui } from '@lingui/react/macro';
import '../../../i18n/more-messages';
import type { QuoteResponse } from '@rentdrive/contracts/booking-rules';
import type { CancellationPolicy } from '@rentdrive/domain/booking-rules';
import { MODERATE_FULL_REFUND_DAYS, STRICT_HALF_REFUND_DAYS } from '@rentdrive/domain/booking-rules';
import { useFormat } from '../../../i18n/format';
import { errorMessage } from '../../../lib/api-client';
import { useCancelPreview } from '../api/booking-rules';

/** A cancellation policy in words (issue 27): the vehicle page, the rent dialog and the cancel dialog say the same. */
export function usePolicyWords() {
  const { t } = useLingui();
  return (policy: CancellationPolicy): { name: string; words: string } => {
    const moderateDays = MODERATE_FULL_REFUND_DAYS;
    const strictDays = STRICT_HALF_REFUND_DAYS;
    if (policy === 'moderate')
      return {
        name: t`Moderate cancellation`,
        words: t`Full refund up to ${moderateDays} days before the first day, 50 % after.`,
      };
    if (policy === 'strict')
      return {
        name: t`Strict cancellation`,
        words: t`50 % refund up to ${strictDays} days before the first day, nothing after.`,
      };
    return { name: t`Flexible cancellation`, words: t`Full refund until the first day.` };
  };
}

/** The server's breakdown of the selected days: days × price, the discount, the total, the deposit, the policy. */
export function QuoteBreakdown({ quote }: { quote: QuoteResponse }) {
  const { t } = useLingui();
  const format = useFormat();
  const policy = usePolicyWords()(quote.cancellationPolicy);
  const euros = (amount: number) => format.money(amount);
  const days = quote.days;
  const price = euros(quote.pricePerDay);
  const percent = quote.discountPercent;
  return (
    <div className="w-full max-w-sm rounded-card border border-slate-200 p-3 text-sm" data-testid="rent-breakdown">
      <dl className="grid grid-cols-[1fr_auto] gap-x-4 gap-y-1">
        <dt className="text-slate-600">{t`${days} days × ${price}`}</dt>
        <dd className="text-right tabular-nums text-slate-900">{euros(quote.subtotal)}</dd>
        {quote.discount > 0 && (
          <>
            <dt className="text-slate-600">{t`Discount for a long rental (${percent} %)`}</dt>
            <dd className="text-right tabular-nums text-money-in">−{euros(quote.discount)}</dd>
          </>
        )}
        <dt className="font-semibold text-slate-900">
          <Trans>Rental total</Trans>
        </dt>
        <dd className="text-right font-semibold tabular-nums text-slate-900">{euros(quote.total)}</dd>
        {quote.deposit > 0 && (
          <>
            <dt className="text-slate-600">
              <Trans>Security deposit (held, returned after the rental)</Trans>
            </dt>
            <dd className="text-right tabular-nums text-slate-900">{euros(quote.deposit)}</dd>
          </>
        )}
      </dl>
      <p className="mt-2 text-slate-700">
        <span className="font-semibold">{policy.name}:</span> {policy.words}
      </p>
      {quote.bookingMode === 'request' && (
        <p className="mt-2 text-slate-700">
          <Trans>
            On request: the owner answers within 24 hours. The money is held until then; if the owner declines or does not answer,
            everything comes back to your wallet at once.
          </Trans>
        </p>
      )}
    </div>
  );
}

/** The cancel dialog's sentence: what the policy gives back now ('You get 45.00 € back; 45.00 € goes to the owner'). */
export function CancelRefundPreview({ rentalId }: { rentalId: string }) {
  const { t } = useLingui();
  const format = useFormat();
  const preview = useCancelPreview(rentalId);
  const policyWords = usePolicyWords();
  if (preview.isPending)
    return (
      <p className="text-sm text-slate-600" role="status">
        <Trans>Working out your refund...</Trans>
      </p>
    );
  if (preview.isError)
    return (
      <p className="text-sm text-danger" role="alert">
        {t`Error: ${errorMessage(preview.error)}`}
      </p>
    );
  const refund = format.money(preview.data.refund);
  const kept = format.money(preview.data.kept);
  const deposit = format.money(preview.data.deposit);
  const policy = policyWords(preview.data.cancellationPolicy);
  return (
    <div className="flex flex-col gap-2 text-sm text-slate-700" data-testid="cancel-preview">
      <p className="font-semibold text-slate-900">
        {preview.data.kept > 0 ? t`You get ${refund} back; ${kept} goes to the owner.` : t`You get ${refund} back: a full refund.`}
      </p>
      {preview.data.deposit > 0 && <p>{t`Your deposit of ${deposit} comes back too.`}</p>}
      {preview.data.rule !== 'request' && (
        <p>
          <span className="font-semibold">{policy.name}:</span> {policy.words}
        </p>
      )}
    </div>
  );
}
