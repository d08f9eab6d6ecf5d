// Made once, on first use: building an Intl.DateTimeFormat costs milliseconds, using one microseconds.
let longDateFormat: Intl.DateTimeFormat | undefined;

/** '21 November 2026' for an ISO date or timestamp; the input itself when it does not parse. */
export function formatLongDate(iso: string): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return iso;
  longDateFormat ??= new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' });
  return longDateFormat.format(date);
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
