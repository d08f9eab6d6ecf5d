import { useLingui } from '@lingui/react';
import { formatEuros } from '@rentdrive/domain/money';
import { formatCount } from '../lib/format-count';
import { formatDateTime, formatLongDate, formatTime, utcDateWords } from '../lib/format-date';

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

// Formatters cost time to build (locale data): one per language and style, built on first use.
const cache = new Map<string, Intl.NumberFormat | Intl.DateTimeFormat>();
function numberFormat(tag: string, key: string, options: Intl.NumberFormatOptions): Intl.NumberFormat {
  const id = `n:${tag}:${key}`;
  let format = cache.get(id) as Intl.NumberFormat | undefined;
  if (!format) cache.set(id, (format = new Intl.NumberFormat(tag, options)));
  return format;
}
function dateFormat(tag: string, key: string, options: Intl.DateTimeFormatOptions): Intl.DateTimeFormat {
  const id = `d:${tag}:${key}`;
  let format = cache.get(id) as Intl.DateTimeFormat | undefined;
  if (!format) cache.set(id, (format = new Intl.DateTimeFormat(tag, options)));
  return format;
}

const parse = (iso: string) => {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? undefined : date;
};

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

const DATE_WORDS: Record<'long' | 'short' | 'month', Intl.DateTimeFormatOptions> = {
  long: { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' },
  short: { day: 'numeric', month: 'short', year: 'numeric', timeZone: 'UTC' },
  month: { month: 'long', year: 'numeric', timeZone: 'UTC' },
};

const ENGLISH_WEEKDAYS = [
  { short: 'Su', long: 'Sunday' },
  { short: 'Mo', long: 'Monday' },
  { short: 'Tu', long: 'Tuesday' },
  { short: 'We', long: 'Wednesday' },
  { short: 'Th', long: 'Thursday' },
  { short: 'Fr', long: 'Friday' },
  { short: 'Sa', long: 'Saturday' },
];

export function createFormatter(locale: string): Formatter {
  const tag = intlTag(locale);
  if (!tag) {
    return {
      locale,
      money: (euros) => `${formatEuros(euros)}€`,
      count: formatCount,
      number: (value, options) => numberFormat('en-GB', JSON.stringify(options ?? {}), options ?? {}).format(value),
      longDate: formatLongDate,
      dateWords: utcDateWords,
      dateTime: formatDateTime,
      time: formatTime,
      weekdays: () => ENGLISH_WEEKDAYS,
      list: (items) => items.join(' and '),
      weekStartsOn: 0,
    };
  }
  const dateWords = (date: Date, style: 'long' | 'short' | 'month') => dateFormat(tag, style, DATE_WORDS[style]).format(date);
  return {
    locale,
    money: (euros) => numberFormat(tag, 'eur', { style: 'currency', currency: 'EUR' }).format(euros),
    count: (value) => numberFormat(tag, 'int', { maximumFractionDigits: 0 }).format(value),
    number: (value, options) => numberFormat(tag, JSON.stringify(options ?? {}), options ?? {}).format(value),
    longDate: (iso) => {
      const date = parse(iso);
      return date ? dateWords(date, 'long') : iso;
    },
    dateWords,
    dateTime: (iso) => {
      const date = parse(iso);
      return date ? dateFormat(tag, 'datetime', { dateStyle: 'medium', timeStyle: 'short' }).format(date) : iso;
    },
    time: (iso) => {
      const date = parse(iso);
      return date ? dateFormat(tag, 'time', { hour: '2-digit', minute: '2-digit' }).format(date) : '';
    },
    weekdays: () => {
      const short = dateFormat(tag, 'weekday', { weekday: 'short', timeZone: 'UTC' });
      const long = dateFormat(tag, 'weekday-long', { weekday: 'long', timeZone: 'UTC' });
      // 2024-01-01 was a Monday.
      return Array.from({ length: 7 }, (_, i) => {
        const day = new Date(Date.UTC(2024, 0, 1 + i));
        return { short: short.format(day), long: long.format(day) };
      });
    },
    list: (items) => new Intl.ListFormat(tag, { type: 'conjunction' }).format(items),
    weekStartsOn: 1,
  };
}

const formatters = new Map<string, Formatter>();

/** The formatter of a language (made once). */
export function formatterFor(locale: string): Formatter {
  let formatter = formatters.get(locale);
  if (!formatter) formatters.set(locale, (formatter = createFormatter(locale)));
  return formatter;
}

/** The formatter of the language being shown (the I18nProvider's). */
export function useFormat(): Formatter {
  return formatterFor(useLingui().i18n.locale);
}
