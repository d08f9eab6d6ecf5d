import { daysBetween, type IsoDay } from './dates';

/** A rental is Active from booking (or from the owner's acceptance of a request) until it is confirmed or auto-completed (Completed) or cancelled; a request may be Declined or Expire (issue 27). */
export const RENTAL_STATUSES = ['Requested', 'Active', 'Completed', 'Cancelled', 'Declined', 'Expired'] as const;
export type RentalStatus = (typeof RENTAL_STATUSES)[number];

export interface RentalStateInput {
  status: RentalStatus;
  startDate: IsoDay;
  endDate: IsoDay;
}

/** Confirm: only Active, only after the last day. */
export function isConfirmable(rental: RentalStateInput, today: IsoDay): boolean {
  return rental.status === 'Active' && today > rental.endDate;
}

/** Cancel: only Active (or a request not yet answered), only before the first day. */
export function isCancellable(rental: RentalStateInput, today: IsoDay): boolean {
  return (rental.status === 'Active' || rental.status === 'Requested') && today < rental.startDate;
}

/**
 * Rentals still Active `afterDays` days after their last day complete on their own, so owners get
 * paid when a renter forgets to confirm. At least one day after the end, whatever the setting.
 */
export function isDueForAutoComplete(rental: RentalStateInput, today: IsoDay, afterDays: number): boolean {
  return rental.status === 'Active' && daysBetween(rental.endDate, today) >= Math.max(afterDays, 1);
}

export type RentalAction = 'confirm' | 'cancel';

export type TransitionResult = { ok: true; status: RentalStatus } | { ok: false; message: string };

/** The state machine: Active -> Completed (confirm), Active or Requested -> Cancelled (cancel); nothing else (accept, decline and expiry are the rentals service's). */
export function transitionRental(rental: RentalStateInput, action: RentalAction, today: IsoDay): TransitionResult {
  if (rental.status === 'Requested' && action === 'cancel') {
    return isCancellable(rental, today)
      ? { ok: true, status: 'Cancelled' }
      : { ok: false, message: 'A rental can be cancelled only before its first day.' };
  }
  if (rental.status !== 'Active') {
    const verb = action === 'confirm' ? 'confirmed' : 'cancelled';
    return { ok: false, message: `This rental is already ${rental.status.toLowerCase()} and cannot be ${verb}.` };
  }
  if (action === 'confirm') {
    return isConfirmable(rental, today)
      ? { ok: true, status: 'Completed' }
      : { ok: false, message: 'A rental can be confirmed only after its last day.' };
  }
  return isCancellable(rental, today)
    ? { ok: true, status: 'Cancelled' }
    : { ok: false, message: 'A rental can be cancelled only before its first day.' };
}
