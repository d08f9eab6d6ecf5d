import { plural } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import '../../../i18n/more-messages';
import type { BookingTerms } from '@rentdrive/contracts/owner-bookings';
import { MONTHLY_DISCOUNT_DAYS, WEEKLY_DISCOUNT_DAYS } from '@rentdrive/domain/booking-rules';
import { useFormat } from '../../../i18n/format';
import { useBookingTerms } from '../api/owner-bookings';
import { usePolicyWords } from './booking-terms';

/**
 * The vehicle page's booking terms (issue 27), in the rent panel: instant or on request, the
 * cancellation policy in words, minimum and maximum days, advance notice, the deposit, the duration
 * discounts, and how many bookings the owner cancelled in the last 12 months. Its own chunk; the
 * page's server render prefetches the data and renders them, and they hydrate on their own.
 */
export function VehicleBookingTerms({ vehicleId }: { vehicleId: string }) {
  const terms = useBookingTerms(vehicleId);
  if (terms.isPending)
    return (
      <p className="py-2 text-sm text-slate-600">
        <Trans>Loading booking terms...</Trans>
      </p>
    );
  // The terms add to the page; without them the rent dialog still shows the policy before paying.
  if (terms.isError) return null;
  return <BookingTermsList terms={terms.data} />;
}

export function BookingTermsList({ terms }: { terms: BookingTerms }) {
  const { t } = useLingui();
  const format = useFormat();
  const policy = usePolicyWords()(terms.cancellationPolicy);
  const { minDays, maxDays, advanceNoticeDays: notice } = terms;
  const deposit = format.money(terms.deposit);
  const weekly = terms.weeklyDiscountPercent;
  const monthly = terms.monthlyDiscountPercent;
  const cancellations = terms.ownerCancellationsLast12Months;
  const releaseDays = terms.depositReleaseDays;
  const length =
    maxDays !== null
      ? minDays === maxDays
        ? t`Rentals of exactly ${plural(minDays, { one: '# day', other: '# days' })}.`
        : t`Rentals of ${minDays} to ${maxDays} days.`
      : minDays > 1
        ? t`Rentals of at least ${minDays} days.`
        : null;
  const items: { key: string; text: string; strong?: string }[] = [
    terms.bookingMode === 'request'
      ? { key: 'mode', strong: t`On request:`, text: t`the owner accepts or declines within 24 hours; your money is held until then.` }
      : { key: 'mode', strong: t`Instant booking:`, text: t`confirmed as soon as you pay.` },
    { key: 'policy', strong: `${policy.name}:`, text: policy.words },
  ];
  if (length) items.push({ key: 'length', text: length });
  if (notice > 0)
    items.push({ key: 'notice', text: t`Book at least ${plural(notice, { one: '# day', other: '# days' })} before the first day.` });
  if (terms.deposit > 0)
    items.push({
      key: 'deposit',
      strong: t`Security deposit:`,
      text: t`${deposit}, held while you rent and returned ${plural(releaseDays, { one: '# day', other: '# days' })} after the rental.`,
    });
  if (weekly > 0) items.push({ key: 'weekly', text: t`${weekly} % off from ${WEEKLY_DISCOUNT_DAYS} days.` });
  if (monthly > 0) items.push({ key: 'monthly', text: t`${monthly} % off from ${MONTHLY_DISCOUNT_DAYS} days.` });
  items.push({
    key: 'owner',
    text:
      cancellations === 0
        ? t`The owner cancelled no bookings in the last 12 months.`
        : t`The owner cancelled ${plural(cancellations, { one: '# booking', other: '# bookings' })} in the last 12 months.`,
  });
  return (
    <section aria-labelledby="booking-terms-heading" className="mt-6" data-testid="booking-terms">
      <h3 id="booking-terms-heading" className="mb-2 text-base font-semibold text-slate-900">
        <Trans>Booking terms</Trans>
      </h3>
      <ul className="flex list-disc flex-col gap-1 pl-5 text-sm text-slate-700">
        {items.map((item) => (
          <li key={item.key}>
            {item.strong && <span className="font-semibold text-slate-900">{item.strong}</span>} {item.text}
          </li>
        ))}
      </ul>
    </section>
  );
}
