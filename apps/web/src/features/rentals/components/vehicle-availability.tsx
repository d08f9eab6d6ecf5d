import { Trans, useLingui } from '@lingui/react/macro';
import '../../../i18n/more-messages';
import { useQueryClient, useSuspenseQuery } from '@tanstack/react-query';
import { useMemo, useSyncExternalStore } from 'react';
import { bookingWindow } from '@rentdrive/domain/booking';
import type { IsoDay } from '@rentdrive/domain/dates';
import { useFormat } from '../../../i18n/format';
import { RegionBoundary } from '../../../lib/region-boundary';
import { useWantedDates, type WantedDates } from '../../../lib/vehicle-dates';
import { bookedDaysQueryOptions } from '../api/get-booked-days';
import { wantedSelection } from '../lib/date-range';
import { shortDay } from '../lib/format';
import { MARKETPLACE_TODAY_KEY, marketplaceToday } from '../lib/marketplace-today';
import { AvailabilityCalendar } from './availability-calendar';

function AvailabilityLoading() {
  return (
    <p className="py-8 text-sm text-slate-600">
      <Trans>Loading availability...</Trans>
    </p>
  );
}

/**
 * The details page's read-only calendar: booked days of the next six months, and the dates the renter
 * came with (`?from=&to=`) shown selected when they are all free, or which of them is not. A region
 * of its own (ADR 016): the server renders the page without waiting for the booked days and streams
 * the calendar when they are in (they travel in the page's data block).
 */
export function VehicleAvailability(props: { vehicleId: string; wanted?: WantedDates }) {
  const { t } = useLingui();
  return (
    <RegionBoundary fallback={<AvailabilityLoading />} errorMessage={t`The availability could not be loaded.`}>
      <Availability {...props} />
    </RegionBoundary>
  );
}

const stays = () => () => {};

/**
 * Today in the marketplace time zone. The server's day (in the page's data) while hydrating, so the
 * calendar hydrates as the server drew it even when the page was rendered before midnight; the
 * browser's own day right after.
 */
function useMarketplaceToday(): IsoDay {
  const serverDay = useQueryClient().getQueryData<IsoDay>(MARKETPLACE_TODAY_KEY);
  return useSyncExternalStore(stays, marketplaceToday, () => serverDay ?? marketplaceToday());
}

function Availability({ vehicleId, wanted }: { vehicleId: string; wanted?: WantedDates }) {
  const { t } = useLingui();
  const fromUrl = useWantedDates();
  const format = useFormat();
  const today = useMarketplaceToday();
  const window = bookingWindow(today);
  const booked = useSuspenseQuery(bookedDaysQueryOptions(vehicleId));
  const bookedDays = useMemo(() => new Set(booked.data), [booked.data]);
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
