// Calendar dates are written in English with fixed month names, not through Intl.DateTimeFormat:
// the first DateTimeFormat a page builds loads locale data, which cost a phone tens of milliseconds
// inside hydration (measured with Lighthouse on a vehicle page), and fixed names read the same on the
// server renderer and in every browser (ICU versions disagree: 'Sep' or 'Sept').
const MONTHS = [
  'January',
  'February',
  'March',
  'April',
  'May',
  'June',
  'July',
  'August',
  'September',
  'October',
  'November',
  'December',
] as const;

/** A UTC calendar date in words: '21 November 2026' (long), '21 Nov 2026' (short), 'November 2026' (month). */
export function utcDateWords(date: Date, style: 'long' | 'short' | 'month'): string {
  const month = MONTHS[date.getUTCMonth()]!;
  const year = date.getUTCFullYear();
  if (style === 'month') return `${month} ${year}`;
  return `${date.getUTCDate()} ${style === 'short' ? month.slice(0, 3) : month} ${year}`;
}

/** '21 November 2026' for an ISO date or timestamp (its UTC day); the input itself when it does not parse. */
export function formatLongDate(iso: string): string {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? iso : utcDateWords(date, 'long');
}

/**
 * The app's one time-of-day style: hour and minute in the reader's locale and time zone ('18:05' or
 * '06:05 PM', as the browser's language says), the same in the chat and in the wallet.
 */
const timeFormat = () => new Intl.DateTimeFormat(undefined, { hour: '2-digit', minute: '2-digit' });

/** hour:minute of an instant (see timeFormat); '' when it does not parse. */
export function formatTime(iso: string): string {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? '' : timeFormat().format(date);
}

/** '21 Nov 2026, 18:05' (or '…, 06:05 PM') for an instant, in the reader's time zone; the input when it does not parse. */
export function formatDateTime(iso: string): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return iso;
  const day = new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'short', year: 'numeric' }).format(date);
  return `${day}, ${timeFormat().format(date)}`;
}
