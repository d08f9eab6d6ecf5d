/** Calendar days are 'YYYY-MM-DD' strings; they compare correctly as strings. */
export type IsoDay = string;

const ISO_DAY = /^\d{4}-\d{2}-\d{2}$/;

export function isIsoDay(value: string): boolean {
  if (!ISO_DAY.test(value)) return false;
  const d = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(d.getTime()) && d.toISOString().slice(0, 10) === value;
}

// One formatter per zone, made on first use: building an Intl.DateTimeFormat with a time zone loads
// that zone's rules (tens of milliseconds on a phone, inside the vehicle page's hydration), using one
// costs microseconds.
const dayFormats = new Map<string, Intl.DateTimeFormat>();

/** The calendar day of an instant in a time zone (the marketplace's, default UTC). */
export function dayInTimeZone(instant: Date, timeZone: string): IsoDay {
  // UTC, the default, needs no zone rules at all.
  if (timeZone === 'UTC') return instant.toISOString().slice(0, 10);
  let format = dayFormats.get(timeZone);
  if (!format) {
    // en-CA formats as YYYY-MM-DD.
    format = new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' });
    dayFormats.set(timeZone, format);
  }
  return format.format(instant);
}

export function addDays(day: IsoDay, days: number): IsoDay {
  const d = new Date(`${day}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
}

export function addMonths(day: IsoDay, months: number): IsoDay {
  const d = new Date(`${day}T00:00:00Z`);
  const targetMonth = d.getUTCMonth() + months;
  const result = new Date(Date.UTC(d.getUTCFullYear(), targetMonth, 1));
  // Clamp the day of month (31 Aug + 6 months = 28/29 Feb).
  const lastDay = new Date(Date.UTC(result.getUTCFullYear(), result.getUTCMonth() + 1, 0)).getUTCDate();
  result.setUTCDate(Math.min(d.getUTCDate(), lastDay));
  return result.toISOString().slice(0, 10);
}

/** Whole days from a to b (b - a). */
export function daysBetween(a: IsoDay, b: IsoDay): number {
  return Math.round((Date.parse(`${b}T00:00:00Z`) - Date.parse(`${a}T00:00:00Z`)) / 86_400_000);
}
