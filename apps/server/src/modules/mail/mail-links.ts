import type { Locale } from '@rentdrive/contracts/locales';
import { localePath, splitLocalePath } from '@rentdrive/contracts/web-paths';

/**
 * A mail's link to one of our pages in the recipient's language: '/de/profile/rentals' for a German
 * reader (issue 24), so the page opens in the language the mail is written in. A link elsewhere, or
 * one that names a language already, is left as it is; English pages have no prefix.
 */
export function mailLinkIn(locale: Locale, origin: string, url: string): string {
  if (locale === 'en' || !url.startsWith(`${origin}/`)) return url;
  const path = url.slice(origin.length);
  if (splitLocalePath(path.split(/[?#]/)[0]!).locale !== 'en') return url;
  return `${origin}${localePath(locale, path)}`;
}
