import { createContext, useContext, type ReactNode } from 'react';
import type { VehicleBooking } from '@rentdrive/contracts/rentals';

/**
 * What a screen adds to each booking of the owner's booking history, from a feature the rentals
 * feature does not import (issue 27: the claims feature's 'Report damage'). The screen provides it.
 */
export const BookingExtraContext = createContext<((booking: VehicleBooking) => ReactNode) | null>(null);

export function BookingExtra({ booking }: { booking: VehicleBooking }) {
  const render = useContext(BookingExtraContext);
  return render ? render(booking) : null;
}
