import { DEFAULT_LOCALE, type Locale } from '@rentdrive/contracts/locales';
import { languageHost } from './language';
import { rememberLanguage } from './language-actions';
import { rememberedLanguage, showLanguage } from './language-router';

/**
 * A signed-in person's account language (issue 24): on an English page of a browser where no language
 * was chosen (no cookie), the app shows the language the account reads, as a remembered choice would,
 * and remembers it on this browser. A page opened in another language (a prefix) or a choice made
 * here keeps its language. True when it switches.
 */
export function adoptAccountLanguage(pageLocale: string, accountLanguage: Locale | undefined): boolean {
  if (!accountLanguage || accountLanguage === DEFAULT_LOCALE || pageLocale !== DEFAULT_LOCALE || rememberedLanguage()) return false;
  // Without the app's router (a page it could not take over) nothing changes, not even the cookie.
  if (!languageHost()) return false;
  rememberLanguage(accountLanguage);
  void showLanguage(accountLanguage, 'replace');
  return true;
}
