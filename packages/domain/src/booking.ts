import { addDays, addMonths, isIsoDay, type IsoDay } from './dates';

/** The calendar offers today to today + 6 months. */
export const BOOKING_WINDOW_MONTHS = 6;

export interface BookingWindow {
  firstDay: IsoDay;
  lastDay: IsoDay;
}

/** The days a renter may book, given today in the marketplace time zone. */
export function bookingWindow(today: IsoDay): BookingWindow {
  return { firstDay: today, lastDay: addMonths(today, BOOKING_WINDOW_MONTHS) };
}

export type BookingRefusalReason = 'empty' | 'invalid-day' | 'duplicate' | 'not-consecutive' | 'in-past' | 'too-far';

export const BookingRefusalMessages: Record<BookingRefusalReason, string> = {
  empty: 'Select at least one day.',
  'invalid-day': 'Every booked date must be a real calendar day written YYYY-MM-DD.',
  duplicate: 'A day may be booked only once per rental.',
  'not-consecutive': 'The booked days must be consecutive.',
  'in-past': 'Days in the past cannot be booked.',
  'too-far': 'Days can be booked at most 6 months ahead.',
};

export type BookingCheck =
  { ok: true; days: IsoDay[]; startDate: IsoDay; endDate: IsoDay } | { ok: false; reason: BookingRefusalReason; message: string };

function refuse(reason: BookingRefusalReason): BookingCheck {
  return { ok: false, reason, message: BookingRefusalMessages[reason] };
}

/**
 * Renting: the days are distinct, consecutive and from today to today + 6 months. The order
 * they arrive in does not matter; the answer carries them sorted. Returns a reason instead of throwing.
 */
export function checkBookingDays(days: readonly string[], today: IsoDay): BookingCheck {
  if (days.length === 0) return refuse('empty');
  if (!days.every(isIsoDay)) return refuse('invalid-day');
  const sorted = [...days].sort();
  for (let i = 1; i < sorted.length; i++) {
    if (sorted[i] === sorted[i - 1]) return refuse('duplicate');
    if (sorted[i] !== addDays(sorted[i - 1]!, 1)) return refuse('not-consecutive');
  }
  const window = bookingWindow(today);
  const startDate = sorted[0]!;
  const endDate = sorted[sorted.length - 1]!;
  if (startDate < window.firstDay) return refuse('in-past');
  if (endDate > window.lastDay) return refuse('too-far');
  return { ok: true, days: sorted, startDate, endDate };
}

export type BlockRefusalReason = 'invalid-day' | 'in-past' | 'too-far';

export const BlockRefusalMessages: Record<BlockRefusalReason, string> = {
  'invalid-day': 'Every blocked day must be a real calendar day written YYYY-MM-DD.',
  'in-past': 'Days in the past cannot be blocked or unblocked.',
  'too-far': 'Days can be blocked at most 6 months ahead.',
};

export type BlockCheck = { ok: true; days: IsoDay[] } | { ok: false; reason: BlockRefusalReason; message: string; day: string };

/**
 * Blocking: any set of days (not necessarily consecutive) from today to today + 6 months, the
 * window renters book in. Duplicates collapse; the answer is sorted. An empty set unblocks everything.
 */
export function checkBlockDays(days: readonly string[], today: IsoDay): BlockCheck {
  const window = bookingWindow(today);
  for (const day of days) {
    if (!isIsoDay(day)) return { ok: false, reason: 'invalid-day', message: BlockRefusalMessages['invalid-day'], day };
    if (day < window.firstDay) return { ok: false, reason: 'in-past', message: BlockRefusalMessages['in-past'], day };
    if (day > window.lastDay) return { ok: false, reason: 'too-far', message: BlockRefusalMessages['too-far'], day };
  }
  return { ok: true, days: [...new Set(days)].sort() };
}

/** Every day from start to end, inclusive. */
export function daysInPeriod(startDate: IsoDay, endDate: IsoDay): IsoDay[] {
  const days: IsoDay[] = [];
  for (let day = startDate; day <= endDate; day = addDays(day, 1)) days.push(day);
  return days;
}
