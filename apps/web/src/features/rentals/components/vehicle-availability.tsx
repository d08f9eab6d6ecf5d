import { Trans, useLingui } from '@lingui/react/macro';
import '../../../i18n/more-messages';
import { useMemo } from 'react';
import { bookingWindow } from '@rentdrive/domain/booking';
import { useFormat } from '../../../i18n/format';
import { errorMessage } from '../../../lib/api-client';
import { useWantedDates, type WantedDates } from '../../../lib/vehicle-dates';
import { useBookedDays } from '../api/get-booked-days';
import { wantedSelection } from '../lib/date-range';
import { shortDay } from '../lib/format';
import { marketplaceToday } from '../lib/marketplace-today';
import { AvailabilityCalendar } from './availability-calendar';

/**
 * The details page's read-only calendar: booked days of the next six months, and the dates the renter
 * came with (`?from=&to=`) shown selected when they are all free, or which of them is not.
 */
export function VehicleAvailability({ vehicleId, wanted }: { vehicleId: string; wanted?: WantedDates }) {
  const { t } = useLingui();
  const fromUrl = useWantedDates();
  const format = useFormat();
  const today = marketplaceToday();
  const window = bookingWindow(today);
  const booked = useBookedDays(vehicleId);
  const bookedDays = useMemo(() => new Set(booked.data ?? []), [booked.data]);
  if (booked.isPending)
    return (
      <p className="py-8 text-sm text-slate-600">
        <Trans>Loading availability...</Trans>
      </p>
    );
  if (booked.isError) return <p className="py-4 text-sm text-danger">{t`Error: ${errorMessage(booked.error)}`}</p>;
  const { days, check } = wantedSelection(wanted ?? fromUrl, { today, bookedDays });
  const problem = check && !check.ok ? check : null;
  const takenDay = problem?.day ? shortDay(problem.day, format) : '';
  return (
    <>
      {problem && (
        <p role="status" className="mb-3 rounded-control border border-amber-300 bg-amber-50 px-3 py-2 text-sm text-slate-900">
          {problem.reason === 'taken'
            ? t`Not all of your dates are free: ${takenDay} is not available.`
            : t`Your dates cannot be booked here: pick days from today up to six months ahead.`}
        </p>
      )}
      <AvailabilityCalendar
        label={t`Availability`}
        today={window.firstDay}
        lastDay={window.lastDay}
        bookedDays={bookedDays}
        selectedDays={days}
      />
    </>
  );
}
