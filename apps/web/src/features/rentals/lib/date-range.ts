import { bookingWindow } from '@rentdrive/domain/booking';
import { isDaySelectable, type SelectionContext } from '@rentdrive/domain/calendar-selection';
import { addDays, daysBetween, type IsoDay } from '@rentdrive/domain/dates';
import { isCancellable } from '@rentdrive/domain/rental-state';

/** A range never runs past the calendar's window: at most this many days are listed. */
const MAX_RANGE_DAYS = 400;

/** Every day from `from` to `to`, both included (empty when `to` is before `from`). */
export function daysFromTo(from: IsoDay, to: IsoDay): IsoDay[] {
  const count = Math.min(daysBetween(from, to) + 1, MAX_RANGE_DAYS);
  return Array.from({ length: Math.max(count, 0) }, (_, i) => addDays(from, i));
}

export type RangeCheck = { ok: true; days: IsoDay[] } | { ok: false; reason: 'order' | 'taken' | 'outside'; day?: IsoDay };

/**
 * A pick-up and return day as one booking: every day between them (both included) must be free and
 * inside today..today + 6 months; otherwise the first day that is not says why.
 */
export function checkRange(from: IsoDay, to: IsoDay, context: SelectionContext): RangeCheck {
  if (to < from) return { ok: false, reason: 'order' };
  const window = bookingWindow(context.today);
  if (from < window.firstDay) return { ok: false, reason: 'outside', day: from };
  if (to > window.lastDay) return { ok: false, reason: 'outside', day: to };
  const days = daysFromTo(from, to);
  const taken = days.find((day) => !isDaySelectable(day, context));
  return taken ? { ok: false, reason: 'taken', day: taken } : { ok: true, days };
}

/**
 * The free run of days asked for (the URL's `?from=&to=`): the whole range when every day is free,
 * otherwise nothing, with the first taken day to name.
 */
export function wantedSelection(
  wanted: { from?: IsoDay; to?: IsoDay },
  context: SelectionContext,
): { days: IsoDay[]; check: RangeCheck | null } {
  if (!wanted.from || !wanted.to) return { days: [], check: null };
  const check = checkRange(wanted.from, wanted.to, context);
  return { days: check.ok ? check.days : [], check };
}

/**
 * The last day a booking starting on `start` can still be cancelled with a full refund: cancelling is
 * allowed only before the first day (marketplace time zone), so the day before it; null when that
 * day is already past (a booking starting today can never be cancelled).
 */
export function lastCancellableDay(start: IsoDay, today: IsoDay): IsoDay | null {
  return isCancellable({ status: 'Active', startDate: start, endDate: start }, today) ? addDays(start, -1) : null;
}
