import { dayInTimeZone, type IsoDay } from '@rentdrive/domain/dates';

/**
 * The server counts days in the marketplace time zone (config TIME_ZONE, default UTC), so the
 * calendar does too: a browser ahead of UTC after midnight would otherwise offer a day the server
 * still calls tomorrow.
 */
export const MARKETPLACE_TIME_ZONE = 'UTC';

export function marketplaceToday(now: Date = new Date()): IsoDay {
  return dayInTimeZone(now, MARKETPLACE_TIME_ZONE);
}

/** The server's today, in a rendered page's data: the calendar hydrates with the day the server drew it on. */
export const MARKETPLACE_TODAY_KEY = ['marketplace-today'] as const;
