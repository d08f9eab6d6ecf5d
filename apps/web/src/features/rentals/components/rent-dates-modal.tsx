import type { I18n } from '@lingui/core';
import { msg, plural } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import '../../../i18n/more-messages';
import { useMemo, useState, type ReactNode } from 'react';
import { bookingWindow } from '@rentdrive/domain/booking';
import { priceBreakdown } from '@rentdrive/domain/booking-rules';
import { isDaySelectable, selectDay } from '@rentdrive/domain/calendar-selection';
import { addDays, type IsoDay } from '@rentdrive/domain/dates';
import { eurosToCents, centsToEuros } from '@rentdrive/domain/money';
import { canAfford, rentalTotalCents } from '@rentdrive/domain/pricing';
import { Button } from '../../../components/ui/button';
import { Modal } from '../../../components/ui/modal';
import { useFormat, type Formatter } from '../../../i18n/format';
import { errorMessage } from '../../../lib/api-client';
import { newIdempotencyKey } from '../../../lib/idempotency-key';
import { useMediaQuery } from '../../../lib/use-media-query';
import { useWantedDates, type WantedDates } from '../../../lib/vehicle-dates';
import { useQuote } from '../api/booking-rules';
import { useBookedDays } from '../api/get-booked-days';
import { useBookingTerms } from '../api/owner-bookings';
import { useRentVehicle } from '../api/rent-vehicle';
import { checkRange, lastCancellableDay, wantedSelection, type RangeCheck } from '../lib/date-range';
import { shortDay } from '../lib/format';
import { MARKETPLACE_TIME_ZONE, marketplaceToday } from '../lib/marketplace-today';
import { AvailabilityCalendar } from './availability-calendar';
import { QuoteBreakdown } from './booking-terms';
import { RentDateFields } from './rent-date-fields';

export const INSUFFICIENT_FUNDS_TEXT = 'Insufficient funds to rent this vehicle.';
const INSUFFICIENT_FUNDS = msg`Insufficient funds to rent this vehicle.`;

export interface RentDatesModalProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  vehicleId: string;
  pricePerDay: number;
  /** The signed-in renter's balance in euros. */
  balance: number;
  onRented: (days: readonly IsoDay[]) => void;
  /** Dates the renter came with: selected when every day is free (default: the page's `?from=&to=`). */
  wanted?: WantedDates;
  /**
   * The wallet's card form for a short balance ('Add X € and rent'); the route passes it in, so the
   * two features stay apart. Without it a short balance only says so.
   */
  renderTopUp?: (slot: TopUpSlot) => ReactNode;
}

/** What the rent dialog gives the top-up form it shows in place. */
export interface TopUpSlot {
  /** The dialog's 'Add X € and rent' button submits the form with this id. */
  formId: string;
  /** Euros to prefill: what the rental lacks, at least the minimum top-up. */
  amount: number;
  onAdded: (transaction: { amount: number }) => void;
  onPendingChange: (isPending: boolean) => void;
  /** Says, above the card's refusal, that nothing was booked. */
  errorTitle: string;
}

const TOP_UP_FORM_ID = 'rent-top-up-form';
/** The smallest top-up the wallet takes, in cents. */
const MIN_TOP_UP_CENTS = 100;
/** From here the dialog shows two months side by side. */
const WIDE = '(min-width: 1024px)';

/** 'Select Rental Dates': pick consecutive free days (calendar or date fields), see the total, pay from the wallet. */
export function RentDatesModal({
  open,
  onOpenChange,
  vehicleId,
  pricePerDay,
  balance,
  onRented,
  wanted,
  renderTopUp,
}: RentDatesModalProps) {
  const { t, i18n } = useLingui();
  const format = useFormat();
  const euros = format.money;
  const today = marketplaceToday();
  const window = bookingWindow(today);
  const isWide = useMediaQuery(WIDE, false);
  const fromUrl = useWantedDates();
  const bookedQuery = useBookedDays(vehicleId);
  const bookedDays = useMemo(() => new Set(bookedQuery.data ?? []), [bookedQuery.data]);
  const [selection, setSelection] = useState<readonly IsoDay[]>([]);
  const [fields, setFields] = useState<{ pickUp: string; returnDay: string }>({ pickUp: '', returnDay: '' });
  const [fieldError, setFieldError] = useState<string | null>(null);
  const [hint, setHint] = useState<string | null>(null);
  const [isSeeded, setSeeded] = useState(false);
  const [isToppingUp, setToppingUp] = useState(false);
  /** Euros a top-up in this dialog added: said if the rent after it fails. */
  const [toppedUp, setToppedUp] = useState<number | null>(null);
  const rent = useRentVehicle();
  const context = { today, bookedDays };

  function select(days: readonly IsoDay[]) {
    setSelection(days);
    setFields({ pickUp: days[0] ?? '', returnDay: days[days.length - 1] ?? '' });
  }

  // The renter's dates arrive selected once the booked days are known (free days only).
  if (!isSeeded && bookedQuery.data) {
    setSeeded(true);
    const asked = wanted ?? fromUrl;
    const seeded = wantedSelection(asked, context);
    if (seeded.check?.ok) select(seeded.days);
    else if (seeded.check) {
      setFields({ pickUp: asked.from ?? '', returnDay: asked.to ?? '' });
      setFieldError(rangeProblem(seeded.check, window.lastDay, i18n, format));
    }
  }

  // Issue 27: the server's quote (discount, deposit, the vehicle's rules). Until it answers, the same
  // domain function over the vehicle's public terms previews it at once (days × price without them);
  // Confirm waits for the server's quote of exactly these days, so what is charged is what was shown.
  const quote = useQuote(vehicleId, selection);
  const terms = useBookingTerms(vehicleId).data;
  const quoted = selection.length > 0 && quote.data && quote.data.days === selection.length ? quote.data : undefined;
  const isQuoteCurrent = quoted !== undefined && !quote.isPlaceholderData && !quote.isFetching;
  const preview = terms
    ? priceBreakdown(eurosToCents(pricePerDay), selection.length, { ...terms, depositCents: eurosToCents(terms.deposit) })
    : null;
  const totalCents = quoted
    ? eurosToCents(quoted.total + quoted.deposit)
    : preview
      ? preview.totalCents + preview.depositCents
      : rentalTotalCents(eurosToCents(pricePerDay), selection.length);
  const balanceCents = eurosToCents(balance);
  const hasFunds = canAfford(balanceCents, totalCents);
  const isBusy = rent.isPending || isToppingUp;
  const canConfirm = selection.length > 0 && hasFunds && !bookedQuery.isPending && !isBusy && !quote.isError && isQuoteCurrent;
  const topUpCents = Math.max(totalCents - balanceCents, MIN_TOP_UP_CENTS);
  const offersTopUp = Boolean(renderTopUp) && selection.length > 0 && (!hasFunds || isToppingUp);

  function handleOpenChange(next: boolean) {
    if (isBusy) return;
    if (!next) {
      setSelection([]);
      setFields({ pickUp: '', returnDay: '' });
      setFieldError(null);
      setHint(null);
      setToppedUp(null);
      rent.reset();
    }
    onOpenChange(next);
  }

  function handleDayClick(day: IsoDay) {
    if (isBusy) return;
    rent.reset();
    setToppedUp(null);
    setFieldError(null);
    const next = selectDay(selection, day, context);
    // The rule keeps days consecutive; a click it leaves out says why instead of doing nothing.
    setHint(next === selection && selection.length > 0 ? ignoredClickHint(selection, context, i18n, format) : null);
    select(next);
  }

  function handleFieldsChange(next: { pickUp: string; returnDay: string }) {
    rent.reset();
    setToppedUp(null);
    setHint(null);
    setFields(next);
    if (!next.pickUp || !next.returnDay) {
      setFieldError(null);
      return;
    }
    const check = checkRange(next.pickUp, next.returnDay, context);
    if (check.ok) {
      setSelection(check.days);
      setFieldError(null);
    } else {
      setSelection([]);
      setFieldError(rangeProblem(check, window.lastDay, i18n, format));
    }
  }

  function book(days: readonly IsoDay[]) {
    rent.mutate(
      { vehicleId, bookedDates: [...days], idempotencyKey: newIdempotencyKey() },
      {
        onSuccess: () => {
          select([]);
          setHint(null);
          setToppedUp(null);
          onOpenChange(false);
          onRented(days);
        },
        // The days may have been taken meanwhile: drop them from the selection once refreshed.
        onError: () => {
          select([]);
          setHint(null);
        },
      },
    );
  }

  const topUpSlot: TopUpSlot = {
    formId: TOP_UP_FORM_ID,
    amount: centsToEuros(topUpCents),
    onPendingChange: setToppingUp,
    onAdded: (transaction) => {
      setToppedUp(transaction.amount);
      setToppingUp(false);
      book(selection);
    },
    errorTitle: t`The top-up failed: nothing was charged and nothing was booked.`,
  };
  const added = toppedUp === null ? null : euros(toppedUp);
  const topUpAmount = euros(centsToEuros(topUpCents));
  const shortBy = euros(centsToEuros(Math.max(totalCents - balanceCents, 0)));
  const topUpLabel = t`Add ${topUpAmount} and rent`;

  return (
    <Modal
      open={open}
      onOpenChange={handleOpenChange}
      title={t`Select Rental Dates`}
      description={t`Pick consecutive free days. Click a selected day to shorten the selection.`}
      size={isWide ? 'lg' : 'md'}
      footer={
        <>
          <Button variant="secondary" onClick={() => handleOpenChange(false)} disabled={isBusy}>
            <Trans>Cancel</Trans>
          </Button>
          <Button onClick={() => book(selection)} disabled={!canConfirm} isLoading={rent.isPending} loadingText={t`Renting...`}>
            <Trans>Confirm Rental</Trans>
          </Button>
        </>
      }
    >
      <div className="flex flex-col items-center gap-4">
        <RentDateFields
          pickUp={fields.pickUp}
          returnDay={fields.returnDay}
          min={window.firstDay}
          max={window.lastDay}
          onChange={handleFieldsChange}
          error={fieldError ?? undefined}
          disabled={bookedQuery.isPending || isBusy}
        />
        {bookedQuery.isPending ? (
          <p className="py-16 text-sm text-slate-600">
            <Trans>Loading availability...</Trans>
          </p>
        ) : bookedQuery.isError ? (
          <p role="alert" className="py-16 text-sm text-danger">
            {t`Error: ${errorMessage(bookedQuery.error)}`}
          </p>
        ) : (
          <AvailabilityCalendar
            label={t`Rental dates`}
            today={window.firstDay}
            lastDay={window.lastDay}
            bookedDays={bookedDays}
            selectedDays={selection}
            onDayClick={handleDayClick}
            months={isWide ? 2 : 1}
            showDay={selection[0]}
          />
        )}
        <dl className="grid w-full max-w-sm grid-cols-[auto_1fr] gap-x-4 gap-y-1 rounded-card bg-slate-50 p-3 text-sm">
          <dt className="text-slate-600">
            <Trans>Dates</Trans>
          </dt>
          <dd className="text-right text-slate-900" aria-live="polite">
            {selection.length === 0 ? t`None selected` : <SelectedDates days={selection} />}
          </dd>
          <dt className="text-slate-600">
            <Trans>Price per day</Trans>
          </dt>
          <dd className="text-right tabular-nums text-slate-900">{euros(pricePerDay)}</dd>
          <dt className="font-semibold text-slate-900">
            <Trans>Total</Trans>
          </dt>
          <dd className="text-right font-semibold tabular-nums text-slate-900" data-testid="rent-total">
            {euros(centsToEuros(totalCents))}
          </dd>
          <dt className="text-slate-600">
            <Trans>Your balance</Trans>
          </dt>
          <dd className="text-right tabular-nums text-slate-900">{euros(balance)}</dd>
        </dl>
        {quoted && <QuoteBreakdown quote={quoted} />}
        {selection.length > 0 && quote.isError && (
          <p role="alert" className="w-full max-w-sm text-sm font-medium text-danger">
            {errorMessage(quote.error)}
          </p>
        )}
        {selection.length > 0 && (!quoted || quoted.cancellationPolicy === 'flexible') && (
          <CancellationNotice start={selection[0]!} today={today} />
        )}
        {hint && (
          <p
            role="status"
            className="w-full max-w-sm rounded-control border border-accent-100 bg-accent-50 px-3 py-2 text-sm text-slate-800"
          >
            {hint}
          </p>
        )}
        {!hasFunds && (
          <p role="alert" className="w-full max-w-sm text-sm font-medium text-danger">
            {i18n._(INSUFFICIENT_FUNDS)}
          </p>
        )}
        {offersTopUp && renderTopUp && (
          <section aria-labelledby="rent-top-up-heading" className="w-full max-w-sm rounded-card border border-slate-200 p-3">
            <h3 id="rent-top-up-heading" className="text-sm font-semibold text-slate-900">
              <Trans>Add Funds</Trans>
            </h3>
            <p className="mb-3 text-sm text-slate-600">
              {t`Your balance is ${shortBy} short. Pay by card: the rental is booked right after the payment.`}
            </p>
            {renderTopUp(topUpSlot)}
            <Button
              type="submit"
              form={TOP_UP_FORM_ID}
              fullWidth
              className="mt-4"
              disabled={isBusy}
              isLoading={isBusy}
              loadingText={isToppingUp ? t`Paying...` : t`Renting...`}
            >
              {topUpLabel}
            </Button>
          </section>
        )}
        {rent.isError && (
          <div role="alert" className="w-full max-w-sm rounded-control border border-danger/40 bg-red-50 p-3 text-sm text-danger">
            {added !== null && (
              <p className="font-semibold">{t`The top-up of ${added} went through and stays in your wallet, but the booking failed:`}</p>
            )}
            <p>{errorMessage(rent.error)}</p>
          </div>
        )}
      </div>
    </Modal>
  );
}

/** Until when a booking starting on `start` can be cancelled with a full refund (before its first day). */
function CancellationNotice({ start, today }: { start: IsoDay; today: IsoDay }) {
  const { t } = useLingui();
  const format = useFormat();
  const lastDay = lastCancellableDay(start, today);
  const zone = MARKETPLACE_TIME_ZONE;
  const lastDayText = lastDay ? shortDay(lastDay, format) : '';
  return (
    <p
      data-testid="cancellation-notice"
      className={`w-full max-w-sm rounded-control px-3 py-2 text-sm ${lastDay ? 'bg-slate-50 text-slate-700' : 'border border-amber-300 bg-amber-50 text-slate-900'}`}
    >
      {lastDay
        ? t`Free cancellation with a full refund until the end of ${lastDayText} (${zone} time).`
        : t`This booking starts today, so it cannot be cancelled once confirmed.`}
    </p>
  );
}

/** Why a typed pick-up and return were not selected, naming the day that is not free. */
function rangeProblem(check: Extract<RangeCheck, { ok: false }>, lastDay: IsoDay, i18n: I18n, format: Formatter): string {
  if (check.reason === 'order') return i18n._(msg`The return day cannot be before the pick-up day.`);
  const day = shortDay(check.day!, format);
  if (check.reason === 'taken')
    return i18n._(msg`${day} is not available, so these dates cannot be booked together. Pick days that are all free.`);
  const last = shortDay(lastDay, format);
  return i18n._(msg`${day} cannot be booked: bookings run from today to ${last}.`);
}

/** '5 Dec 2026 (1 day)' or '5 Dec 2026 – 15 Dec 2026 (11 days)'; the count never wraps on its own. */
function SelectedDates({ days }: { days: readonly IsoDay[] }) {
  const { t } = useLingui();
  const format = useFormat();
  const first = shortDay(days[0]!, format);
  const last = shortDay(days[days.length - 1]!, format);
  const count = days.length;
  return (
    <>
      {days.length === 1 ? first : `${first} – ${last}`}{' '}
      <span className="whitespace-nowrap">{t`(${plural(count, { one: '# day', other: '# days' })})`}</span>
    </>
  );
}

/** Why a click changed nothing: only the day after the selection extends it. */
function ignoredClickHint(
  selection: readonly IsoDay[],
  context: { today: IsoDay; bookedDays: ReadonlySet<IsoDay> },
  i18n: I18n,
  format: Formatter,
): string {
  const next = addDays(selection[selection.length - 1]!, 1);
  const nextDay = shortDay(next, format);
  const firstDay = shortDay(selection[0]!, format);
  if (!isDaySelectable(next, context)) {
    return i18n._(
      msg`A rental is one run of consecutive days, and ${nextDay} is not available, so this selection cannot grow. To pick other days, click ${firstDay} to clear the selection and start again.`,
    );
  }
  return i18n._(
    msg`A rental is one run of consecutive days: only ${nextDay} can be added next. To pick other days, click ${firstDay} to clear the selection and start again.`,
  );
}
