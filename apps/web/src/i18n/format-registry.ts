import type { Formatter } from './format';

/**
 * The other languages' formatter factory (format-intl.ts), registered when their first catalogue loads
 * (catalogues.ts), so English pages never download it. Its own small module: the catalogues, part of
 * every page, do not pull the formatting module into every page's first load.
 */
export type IntlFormatterFactory = (locale: string, tag: string) => Formatter;

let factory: IntlFormatterFactory | undefined;

export function registerIntlFormatter(next: IntlFormatterFactory): void {
  factory = next;
}

export function intlFormatterFactory(): IntlFormatterFactory | undefined {
  return factory;
}
