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
import { euros, shortDay } from '../lib/format';
import { newIdempotencyKey } from '../../../lib/idempotency-key';
import { marketplaceToday } from '../lib/marketplace-today';
import { AvailabilityCalendar } from './availability-calendar';

export const INSUFFICIENT_FUNDS_TEXT = 'Insufficient funds to rent this vehicle.';

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
    setHint(next === selection && selection.length > 0 ? ignoredClickHint(selection, { today, bookedDays }) : null);
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
      title="Select Rental Dates"
      description="Pick consecutive free days. Click a selected day to shorten the selection."
      size="md"
      footer={
        <>
          <Button variant="secondary" onClick={() => handleOpenChange(false)} disabled={rent.isPending}>
            Cancel
          </Button>
          <Button onClick={handleConfirm} disabled={!canConfirm} isLoading={rent.isPending} loadingText="Renting...">
            Confirm Rental
          </Button>
        </>
      }
    >
      <div className="flex flex-col items-center gap-4">
        {bookedQuery.isPending ? (
          <p className="py-16 text-sm text-slate-600">Loading availability...</p>
        ) : bookedQuery.isError ? (
          <p role="alert" className="py-16 text-sm text-danger">
            Error: {errorMessage(bookedQuery.error)}
          </p>
        ) : (
          <AvailabilityCalendar
            label="Rental dates"
            today={window.firstDay}
            lastDay={window.lastDay}
            bookedDays={bookedDays}
            selectedDays={selection}
            onDayClick={handleDayClick}
          />
        )}
        <dl className="grid w-full max-w-sm grid-cols-[auto_1fr] gap-x-4 gap-y-1 rounded-card bg-slate-50 p-3 text-sm">
          <dt className="text-slate-600">Dates</dt>
          <dd className="text-right text-slate-900" aria-live="polite">
            {selection.length === 0 ? 'None selected' : <SelectedDates days={selection} />}
          </dd>
          <dt className="text-slate-600">Price per day</dt>
          <dd className="text-right tabular-nums text-slate-900">{euros(pricePerDay)}</dd>
          <dt className="font-semibold text-slate-900">Total</dt>
          <dd className="text-right font-semibold tabular-nums text-slate-900" data-testid="rent-total">
            {euros(centsToEuros(totalCents))}
          </dd>
          <dt className="text-slate-600">Your balance</dt>
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
            {INSUFFICIENT_FUNDS_TEXT}
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
  const first = shortDay(days[0]!);
  const last = shortDay(days[days.length - 1]!);
  return (
    <>
      {days.length === 1 ? first : `${first} – ${last}`}{' '}
      <span className="whitespace-nowrap">
        ({days.length} {days.length === 1 ? 'day' : 'days'})
      </span>
    </>
  );
}

/** Why a click changed nothing: only the day after the selection extends it. */
function ignoredClickHint(selection: readonly IsoDay[], context: { today: IsoDay; bookedDays: ReadonlySet<IsoDay> }): string {
  const next = addDays(selection[selection.length - 1]!, 1);
  const restart = `click ${shortDay(selection[0]!)} to clear the selection and start again`;
  if (!isDaySelectable(next, context)) {
    return `A rental is one run of consecutive days, and ${shortDay(next)} is not available, so this selection cannot grow. To pick other days, ${restart}.`;
  }
  return `A rental is one run of consecutive days: only ${shortDay(next)} can be added next. To pick other days, ${restart}.`;
}
