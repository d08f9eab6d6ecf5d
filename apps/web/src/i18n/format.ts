import { useLingui } from '@lingui/react';
import { formatEuros } from '@rentdrive/domain/money';
import { formatCount } from '../lib/format-count';
import { formatDateTime, formatLongDate, formatTime, utcDateWords } from '../lib/format-date';
import { intlFormatterFactory } from './format-registry';

/**
 * Numbers, money and dates in the reader's language (issue 24): one module, so every screen writes them
 * alike. English keeps the spec's own forms ('12.50€', '1,234', '21 November 2026'), written without
 * Intl (see lib/format-date.ts); the other languages use Intl's rules for their region: 1.234,56 € (de),
 * 1 234,56 € (fr, narrow no-break space), € 1.234,56 (nl), and dates as each language writes them.
 */
const REGIONS: Record<string, string> = { de: 'de-DE', fr: 'fr-FR', es: 'es-ES', it: 'it-IT', nl: 'nl-NL' };

/** The BCP 47 tag Intl formats a language with; undefined for English (and the pseudo-locale). */
export function intlTag(locale: string): string | undefined {
  return REGIONS[locale];
}

/** First day of the week for calendars: Sunday (0) in English, Monday (1) in every other language. */
export function weekStartsOn(locale: string): 0 | 1 {
  return intlTag(locale) ? 1 : 0;
}

export interface Formatter {
  locale: string;
  /** An amount in euros: '12.50€' (en), '12,50 €' (de). */
  money: (euros: number) => string;
  /** A whole number: '1,234' (en), '1.234' (de). */
  count: (value: number) => string;
  /** A decimal number as the language writes it. */
  number: (value: number, options?: Intl.NumberFormatOptions) => string;
  /** A calendar date (its UTC day) in words: '21 November 2026' (en), '21. November 2026' (de). */
  longDate: (iso: string) => string;
  /** A UTC calendar date: 'long' as longDate, 'short' ('21 Nov 2026'), 'month' ('November 2026'). */
  dateWords: (date: Date, style: 'long' | 'short' | 'month') => string;
  /** Day and time of an instant in the reader's time zone. */
  dateTime: (iso: string) => string;
  /** Hour and minute of an instant. */
  time: (iso: string) => string;
  /** Weekday names from the week's first day on: short ('Su', 'Mo.') and long ('Sunday', 'Montag'). */
  weekdays: () => { short: string; long: string }[];
  /** Items joined as the language lists them: 'a and b' (en), 'a und b' (de). */
  list: (items: readonly string[]) => string;
  weekStartsOn: 0 | 1;
}

const ENGLISH_WEEKDAYS = [
  { short: 'Su', long: 'Sunday' },
  { short: 'Mo', long: 'Monday' },
  { short: 'Tu', long: 'Tuesday' },
  { short: 'We', long: 'Wednesday' },
  { short: 'Th', long: 'Thursday' },
  { short: 'Fr', long: 'Friday' },
  { short: 'Sa', long: 'Saturday' },
];

/** The English formatter: the spec's own forms, written without Intl (see lib/format-date.ts). */
const english = (locale: string): Formatter => ({
  locale,
  money: (euros) => `${formatEuros(euros)}€`,
  count: formatCount,
  number: (value, options) => new Intl.NumberFormat('en-GB', options).format(value),
  longDate: formatLongDate,
  dateWords: utcDateWords,
  dateTime: formatDateTime,
  time: formatTime,
  weekdays: () => ENGLISH_WEEKDAYS,
  list: (items) => items.join(' and '),
  weekStartsOn: 0,
});

export function createFormatter(locale: string): Formatter {
  const tag = intlTag(locale);
  const intl = intlFormatterFactory();
  return tag && intl ? intl(locale, tag) : english(locale);
}

const formatters = new Map<string, Formatter>();

/** The formatter of a language (made once). */
export function formatterFor(locale: string): Formatter {
  const key = `${locale}:${intlFormatterFactory() ? 'intl' : 'en'}`;
  let formatter = formatters.get(key);
  if (!formatter) formatters.set(key, (formatter = createFormatter(locale)));
  return formatter;
}

/** The formatter of the language being shown (the I18nProvider's). */
export function useFormat(): Formatter {
  return formatterFor(useLingui().i18n.locale);
}
