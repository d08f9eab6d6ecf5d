/**
 * The languages the marketplace speaks (issue 24). English is the source language: the web app's root
 * URLs and the API's answers to a client that asks for no language.
 */
export const LOCALES = ['en', 'de', 'fr', 'es', 'it', 'nl'] as const;
export type Locale = (typeof LOCALES)[number];
export const DEFAULT_LOCALE: Locale = 'en';

export function isLocale(value: unknown): value is Locale {
  return typeof value === 'string' && (LOCALES as readonly string[]).includes(value);
}

/** Each language in its own name, for a language switch. */
export const LOCALE_NAMES: Record<Locale, string> = {
  en: 'English',
  de: 'Deutsch',
  fr: 'Français',
  es: 'Español',
  it: 'Italiano',
  nl: 'Nederlands',
};

/**
 * The supported language an Accept-Language header prefers ('de-CH,de;q=0.9,en;q=0.8' -> 'de'), by
 * quality then order; undefined when it names none of ours.
 */
export function localeFromAcceptLanguage(header: string | undefined): Locale | undefined {
  if (!header) return undefined;
  let best: { locale: Locale; q: number } | undefined;
  // Bounded work: no browser sends more than a few hundred characters.
  for (const part of header.slice(0, 1024).split(',', 32)) {
    const [tag = '', ...params] = part.trim().split(';');
    const base = tag.trim().toLowerCase().split('-')[0];
    if (!isLocale(base)) continue;
    const qParam = params.map((p) => p.trim().toLowerCase()).find((p) => p.startsWith('q='));
    const q = qParam === undefined ? 1 : Number(qParam.slice(2));
    if (!Number.isFinite(q) || q <= 0) continue;
    if (!best || q > best.q) best = { locale: base, q };
  }
  return best?.locale;
}
