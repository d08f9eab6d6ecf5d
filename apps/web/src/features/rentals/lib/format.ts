import { formatEuros } from '@rentdrive/domain/money';
import { formatterFor, type Formatter } from '../../../i18n/format';

/** '12.50€' — the spec's money format (2 decimals, euro sign after). */
export function euros(amount: number): string {
  return `${formatEuros(amount)}€`;
}

/**
 * '21 Nov 2026' from 'YYYY-MM-DD' or an ISO timestamp, read as a calendar day (no time-zone shift), in
 * the formatter's language (English by default).
 */
export function shortDay(value: string, format: Formatter = formatterFor('en')): string {
  const day = value.slice(0, 10);
  const date = new Date(`${day}T00:00:00Z`);
  if (Number.isNaN(date.getTime())) return value;
  return format.dateWords(date, 'short');
}
