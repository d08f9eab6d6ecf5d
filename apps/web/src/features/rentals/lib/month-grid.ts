import type { IsoDay } from '@rentdrive/domain/dates';
import { utcDateWords } from '../../../lib/format-date';

/** A month shown by the calendar: its first day ('YYYY-MM-01') identifies it. */
export type MonthKey = IsoDay;

export function monthOf(day: IsoDay): MonthKey {
  return `${day.slice(0, 7)}-01`;
}

export function shiftMonth(month: MonthKey, by: number): MonthKey {
  const d = new Date(`${month}T00:00:00Z`);
  return new Date(Date.UTC(d.getUTCFullYear(), d.getUTCMonth() + by, 1)).toISOString().slice(0, 10);
}

/** 'November 2026' */
export function monthLabel(month: MonthKey): string {
  return utcDateWords(new Date(`${month}T00:00:00Z`), 'month');
}

/** '5 November 2026' (for screen readers; the button shows the day number first). */
export function dayLongLabel(day: IsoDay): string {
  return utcDateWords(new Date(`${day}T00:00:00Z`), 'long');
}

/**
 * The month as weeks of seven cells from `weekStartsOn` (1 Monday, the default; 0 Sunday, as English
 * calendars have it); cells outside the month are null so the grid keeps its shape.
 */
export function monthWeeks(month: MonthKey, weekStartsOn: 0 | 1 = 1): (IsoDay | null)[][] {
  const first = new Date(`${month}T00:00:00Z`);
  const daysInMonth = new Date(Date.UTC(first.getUTCFullYear(), first.getUTCMonth() + 1, 0)).getUTCDate();
  const leading = (first.getUTCDay() - weekStartsOn + 7) % 7; // e.g. Monday first: Sunday=0 -> 6, Monday=1 -> 0
  const cells: (IsoDay | null)[] = Array.from({ length: leading }, () => null);
  for (let d = 1; d <= daysInMonth; d++) cells.push(`${month.slice(0, 8)}${String(d).padStart(2, '0')}`);
  while (cells.length % 7 !== 0) cells.push(null);
  const weeks: (IsoDay | null)[][] = [];
  for (let i = 0; i < cells.length; i += 7) weeks.push(cells.slice(i, i + 7));
  return weeks;
}
