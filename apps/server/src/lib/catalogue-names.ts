import type { Locale } from '@rentdrive/contracts/locales';
import type { NameTranslations } from '../db/schema/catalogue';

const OTHER_LOCALES = ['de', 'fr', 'es', 'it', 'nl'] as const;

/**
 * A catalogue name (vehicle type, category, property) in `locale` (issue 24): its translation when
 * it has one, the English name otherwise, and for English or no language asked.
 */
export function localName(name: string, translations: NameTranslations | null | undefined, locale: Locale | undefined): string {
  if (!locale || locale === 'en' || !translations) return name;
  return translations[locale] || name;
}

/**
 * A save's translations as stored: trimmed, empty ones left out, only our languages. Undefined
 * (the client sent none) keeps what is saved.
 */
export function storedTranslations(input: Partial<Record<string, string | undefined>> | undefined): NameTranslations | undefined {
  if (!input) return undefined;
  const out: NameTranslations = {};
  for (const locale of OTHER_LOCALES) {
    const value = input[locale]?.trim();
    if (value) out[locale] = value;
  }
  return out;
}

/** Every name of a catalogue row (English first, then its translations), lower-cased, for lookups by name. */
export function allNames(name: string, translations: NameTranslations | null | undefined): string[] {
  const names = [name.toLowerCase()];
  for (const locale of OTHER_LOCALES) {
    const value = translations?.[locale]?.toLowerCase();
    if (value && !names.includes(value)) names.push(value);
  }
  return names;
}
