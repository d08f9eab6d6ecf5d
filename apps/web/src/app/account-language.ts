import { DEFAULT_LOCALE, type Locale } from '@rentdrive/contracts/locales';
import { languageHost } from './language';
import { rememberLanguage } from './language-actions';
import { LANGUAGE_COOKIE, rememberedLanguage, showLanguage } from './language-router';

/** Which language this browser took from a signed-in account (not chosen here): forgotten at sign-out. */
export const ACCOUNT_LANGUAGE_MARK = 'rentdrive_lang_from_account';

function readMark(): string | null {
  try {
    return window.localStorage.getItem(ACCOUNT_LANGUAGE_MARK);
  } catch {
    return null;
  }
}

function writeMark(locale: Locale | null): void {
  try {
    if (locale) window.localStorage.setItem(ACCOUNT_LANGUAGE_MARK, locale);
    else window.localStorage.removeItem(ACCOUNT_LANGUAGE_MARK);
  } catch {
    // No storage (private mode): the cookie then stays, as a choice made here would.
  }
}

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
  writeMark(accountLanguage);
  void showLanguage(accountLanguage, 'replace');
  return true;
}

/**
 * Signed out (or the session gone): a language this browser remembered only because the account
 * reads it is forgotten, so the next person at this browser gets English pages (or their own
 * choice) again; the page in that language goes back to English, same page and query. A language
 * chosen here (the switch, the suggestion) stays. True when it forgets.
 */
export function forgetAccountLanguage(pageLocale: string): boolean {
  const taken = readMark();
  if (!taken) return false;
  writeMark(null);
  if (rememberedLanguage() !== taken) return false;
  document.cookie = `${LANGUAGE_COOKIE}=; path=/; max-age=0; samesite=lax`;
  if (pageLocale === taken && languageHost()) void showLanguage(DEFAULT_LOCALE, 'replace');
  return true;
}
