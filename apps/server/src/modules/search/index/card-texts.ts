import type { Locale } from '@rentdrive/contracts/locales';
import type { CardFields } from './index-types';

/**
 * Each row's card as the JSON text the API sends, per language (type and category names are in the
 * request's language, issue 24), rendered on first use and forgotten when the row or the catalogue
 * (type and category names) changes.
 */
export class CardTexts {
  private texts = new Map<Locale, (string | null)[]>();

  /** @param render turns a card into its JSON text (the wire format is the service's). */
  constructor(private readonly render: (card: CardFields) => string) {}

  get(row: number, fields: () => CardFields, locale: Locale = 'en'): string {
    let texts = this.texts.get(locale);
    if (!texts) this.texts.set(locale, (texts = []));
    return (texts[row] ??= this.render(fields()));
  }

  forget(row: number): void {
    for (const texts of this.texts.values()) texts[row] = null;
  }

  forgetAll(): void {
    this.texts.clear();
  }
}
