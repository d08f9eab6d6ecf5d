import type { Account } from '@rentdrive/contracts/account';
import { DEFAULT_LOCALE, isLocale, type Locale } from '@rentdrive/contracts/locales';
import { AccountPaths } from '@rentdrive/contracts/paths/account';
import { callApi, lazyEndpoint } from '../lib/api-client';
import { LANGUAGE_COOKIE, rememberedLanguage, showLanguage } from './language-router';

/**
 * What a language switch does besides showing the page (issue 24), out of every page's first load:
 * the choice is remembered in a cookie (a later visit to an English page shows it) and on the account
 * when signed in (its notifications and e-mails follow), and the one-time suggestion on an English
 * page for a browser that prefers another of our languages.
 */
const SUGGESTION_SHOWN = 'rentdrive_lang_suggested';

const UpdateLanguage = lazyEndpoint<typeof Account.updateLanguage>('PUT', AccountPaths.language, (c) => c.Account.updateLanguage);

export function rememberLanguage(locale: Locale): void {
  document.cookie = `${LANGUAGE_COOKIE}=${locale}; path=/; max-age=31536000; samesite=lax`;
  // Chosen here from now on, not taken from an account (account-language.ts marks it after this).
  try {
    window.localStorage.removeItem('rentdrive_lang_from_account');
  } catch {
    // No storage: nothing was marked.
  }
}

/**
 * Shows the page in `locale` and remembers it; `href` is the same page's URL in that language, for a
 * browser where the app could not take over (then it is an ordinary page load).
 */
export async function switchLanguage(locale: Locale, href: string, signedIn: boolean): Promise<void> {
  rememberLanguage(locale);
  markLanguageSuggested();
  const oldSwitch = document.querySelector('[data-language-switch]');
  // Best effort: the page switches whatever the answer; the cookie keeps the choice on this browser.
  if (signedIn) void callApi(UpdateLanguage, { body: { language: locale } }).catch(() => undefined);
  try {
    if (!(await showLanguage(locale, 'push'))) window.location.assign(href);
  } catch {
    window.location.assign(href);
    return;
  }
  // The switch the keyboard was on is a new element now (its chunk may still be on its way): focus goes back to it.
  const refocus = (tries: number) => {
    const button = document.querySelector<HTMLElement>('[data-language-switch]');
    if (button && button !== oldSwitch) button.focus();
    else if (tries > 0) setTimeout(() => refocus(tries - 1), 50);
  };
  refocus(40);
}

/**
 * The language to suggest on an English page: the browser's preferred supported language when it is
 * not English, no language was chosen on this browser and no suggestion was made here before.
 */
export function suggestedLanguage(): Locale | undefined {
  if (rememberedLanguage()) return undefined;
  try {
    if (window.localStorage.getItem(SUGGESTION_SHOWN)) return undefined;
  } catch {
    // No storage (private mode): suggest anyway.
  }
  // navigator.languages is the browser's Accept-Language, most preferred first: the first of ours counts.
  const preferred = navigator.languages.map((tag) => tag.toLowerCase().split('-')[0]).find(isLocale);
  return preferred && preferred !== DEFAULT_LOCALE ? preferred : undefined;
}

/** The suggestion is made once per browser. */
export function markLanguageSuggested(): void {
  try {
    window.localStorage.setItem(SUGGESTION_SHOWN, '1');
  } catch {
    // See suggestedLanguage.
  }
}
