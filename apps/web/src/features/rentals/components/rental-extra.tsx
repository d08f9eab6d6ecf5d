import { createContext, useContext, type ReactNode } from 'react';
import type { MyRental } from '@rentdrive/contracts/rentals';

/**
 * What a screen adds to each rental of My Rentals, from a feature the rentals feature does not import
 * (issue 27: the reviews feature's published rating of the renter by the owner). The screen provides it.
 */
export const RentalExtraContext = createContext<((rental: MyRental) => ReactNode) | null>(null);

export function RentalExtra({ rental }: { rental: MyRental }) {
  const render = useContext(RentalExtraContext);
  return render ? render(rental) : null;
}
