import type { I18n } from '@lingui/core';
import { msg, plural } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import '../../../i18n/more-messages';
import { useMemo, useState } from 'react';
import { bookingWindow } from '@rentdrive/domain/booking';
import { isDaySelectable, selectDay } from '@rentdrive/domain/calendar-selection';
import { addDays, type IsoDay } from '@rentdrive/domain/dates';
import { eurosToCents, centsToEuros } from '@rentdrive/domain/money';
import { canAfford, rentalTotalCents } from '@rentdrive/domain/pricing';
import { errorMessage } from '../../../lib/api-client';
import { Button } from '../../../components/ui/button';
import { Modal } from '../../../components/ui/modal';
import { useBookedDays } from '../api/get-booked-days';
import { useRentVehicle } from '../api/rent-vehicle';
import { shortDay } from '../lib/format';
import { useFormat, type Formatter } from '../../../i18n/format';
import { newIdempotencyKey } from '../../../lib/idempotency-key';
import { marketplaceToday } from '../lib/marketplace-today';
import { AvailabilityCalendar } from './availability-calendar';

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
}

/** 'Select Rental Dates': pick consecutive free days, see the total, pay from the wallet. */
export function RentDatesModal({ open, onOpenChange, vehicleId, pricePerDay, balance, onRented }: RentDatesModalProps) {
  const { t, i18n } = useLingui();
  const format = useFormat();
  const euros = format.money;
  const today = marketplaceToday();
  const window = bookingWindow(today);
  const bookedQuery = useBookedDays(vehicleId);
  const bookedDays = useMemo(() => new Set(bookedQuery.data ?? []), [bookedQuery.data]);
  const [selection, setSelection] = useState<readonly IsoDay[]>([]);
  const [hint, setHint] = useState<string | null>(null);
  const rent = useRentVehicle();

  const totalCents = rentalTotalCents(eurosToCents(pricePerDay), selection.length);
  const hasFunds = canAfford(eurosToCents(balance), totalCents);
  const canConfirm = selection.length > 0 && hasFunds && !bookedQuery.isPending && !rent.isPending;

  function handleOpenChange(next: boolean) {
    if (rent.isPending) return;
    if (!next) {
      setSelection([]);
      setHint(null);
      rent.reset();
    }
    onOpenChange(next);
  }

  function handleDayClick(day: IsoDay) {
    rent.reset();
    const next = selectDay(selection, day, { today, bookedDays });
    // The rule keeps days consecutive; a click it leaves out says why instead of doing nothing.
    setHint(next === selection && selection.length > 0 ? ignoredClickHint(selection, { today, bookedDays }, i18n, format) : null);
    setSelection(next);
  }

  function handleConfirm() {
    const days = [...selection];
    rent.mutate(
      { vehicleId, bookedDates: days, idempotencyKey: newIdempotencyKey() },
      {
        onSuccess: () => {
          setSelection([]);
          setHint(null);
          onOpenChange(false);
          onRented(days);
        },
        // The days may have been taken meanwhile: drop them from the selection once refreshed.
        onError: () => {
          setSelection([]);
          setHint(null);
        },
      },
    );
  }

  return (
    <Modal
      open={open}
      onOpenChange={handleOpenChange}
      title={t`Select Rental Dates`}
      description={t`Pick consecutive free days. Click a selected day to shorten the selection.`}
      size="md"
      footer={
        <>
          <Button variant="secondary" onClick={() => handleOpenChange(false)} disabled={rent.isPending}>
            <Trans>Cancel</Trans>
          </Button>
          <Button onClick={handleConfirm} disabled={!canConfirm} isLoading={rent.isPending} loadingText={t`Renting...`}>
            <Trans>Confirm Rental</Trans>
          </Button>
        </>
      }
    >
      <div className="flex flex-col items-center gap-4">
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
        {rent.isError && (
          <p role="alert" className="w-full max-w-sm rounded-control border border-danger/40 bg-red-50 p-3 text-sm text-danger">
            {errorMessage(rent.error)}
          </p>
        )}
      </div>
    </Modal>
  );
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
