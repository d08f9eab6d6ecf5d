import { type Formatter } from './format';

/**
 * Numbers, money and dates of the languages other than English, through Intl (format.ts has the
 * English forms): loaded with a language's catalogues.
 */
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

const DATE_WORDS: Record<'long' | 'short' | 'month', Intl.DateTimeFormatOptions> = {
  long: { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' },
  short: { day: 'numeric', month: 'short', year: 'numeric', timeZone: 'UTC' },
  month: { month: 'long', year: 'numeric', timeZone: 'UTC' },
};

export function createIntlFormatter(locale: string, tag: string): Formatter {
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
