import type { NotificationType } from '@rentdrive/contracts/notifications';

/**
 * Events a screen tells the person about itself (its own toast after an action, e.g. 'Rental
 * cancelled. 60.00€ refunded to your wallet.'): the live notification of the same event, pushed a
 * moment before or after the answer, then goes to the bell's list without a second toast.
 */
const expected = new Map<NotificationType, number>();
const WINDOW_MS = 20_000;

/** Before sending the action: its notification of `type` is announced by the screen. */
export function expectAnnounced(type: NotificationType): void {
  expected.set(type, Date.now() + WINDOW_MS);
}

/** The action failed: a notification of `type` is news again. */
export function forgetAnnounced(type: NotificationType): void {
  expected.delete(type);
}

/** True (once) when a screen announces this notification's event itself. */
export function takeAnnounced(type: NotificationType): boolean {
  const until = expected.get(type);
  if (until === undefined) return false;
  expected.delete(type);
  return until >= Date.now();
}
