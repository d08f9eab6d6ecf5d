import { Trans, useLingui } from '@lingui/react/macro';
import '../../../i18n/more-messages';
import { useMemo } from 'react';
import { bookingWindow } from '@rentdrive/domain/booking';
import { errorMessage } from '../../../lib/api-client';
import { useBookedDays } from '../api/get-booked-days';
import { marketplaceToday } from '../lib/marketplace-today';
import { AvailabilityCalendar } from './availability-calendar';

/** The details page's read-only calendar: booked days of the next six months. */
export function VehicleAvailability({ vehicleId }: { vehicleId: string }) {
  const { t } = useLingui();
  const window = bookingWindow(marketplaceToday());
  const booked = useBookedDays(vehicleId);
  const bookedDays = useMemo(() => new Set(booked.data ?? []), [booked.data]);
  if (booked.isPending)
    return (
      <p className="py-8 text-sm text-slate-600">
        <Trans>Loading availability...</Trans>
      </p>
    );
  if (booked.isError) return <p className="py-4 text-sm text-danger">{t`Error: ${errorMessage(booked.error)}`}</p>;
  return <AvailabilityCalendar label={t`Availability`} today={window.firstDay} lastDay={window.lastDay} bookedDays={bookedDays} />;
}
