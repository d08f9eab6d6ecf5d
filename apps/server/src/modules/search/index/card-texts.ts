import type { CardFields } from './index-types';

/**
 * Each row's card as the JSON text the API sends, rendered on first use and forgotten when the row
 * or the catalogue (type and category names) changes.
 */
export class CardTexts {
  private texts: (string | null)[] = [];

  /** @param render turns a card into its JSON text (the wire format is the service's). */
  constructor(private readonly render: (card: CardFields) => string) {}

  get(row: number, fields: () => CardFields): string {
    return (this.texts[row] ??= this.render(fields()));
  }

  forget(row: number): void {
    this.texts[row] = null;
  }

  forgetAll(): void {
    this.texts = [];
  }
}
