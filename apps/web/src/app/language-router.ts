import { isLocale, type Locale } from '@rentdrive/contracts/locales';
import { localePath, localePrefix, splitLocalePath } from '@rentdrive/contracts/web-paths';
import { loadCatalogue } from '../i18n/catalogues';
import { queryClient } from '../lib/query-client';
import { languageHost } from './language';

export const LANGUAGE_COOKIE = 'rentdrive_lang';

/** The language chosen earlier on this browser (a cookie), if any. */
export function rememberedLanguage(): Locale | undefined {
  const value = new RegExp(`(?:^|; )${LANGUAGE_COOKIE}=([a-z]{2})`).exec(document.cookie)?.[1];
  return isLocale(value) ? value : undefined;
}

/**
 * Shows the app in `locale` without a page load: the catalogue first, then the same page and query
 * under the new prefix ('push' a history entry, 'replace' it, or 'none' when Back or Forward already
 * moved there), and a router with that prefix as its basename (main.tsx renders it). False when the
 * app is not running (then the caller loads the page).
 */
export async function showLanguage(locale: Locale, history: 'push' | 'replace' | 'none'): Promise<boolean> {
  const host = languageHost();
  if (!host) return false;
  if (locale === host.current.locale) return true;
  const target = history === 'none' ? window.location.pathname : localePath(locale, splitLocalePath(window.location.pathname).path);
  // The new router starts with the page's screen in hand, as the first one did (main.tsx): a screen
  // reached by a client-side navigation was not loaded onto the routes, and the router would start
  // uninitialized, render nothing and warn that no HydrateFallback was given.
  await Promise.all([loadCatalogue(locale), host.loadScreens(target, localePrefix(locale) || '/')]);
  if (history !== 'none') {
    const url = `${target}${window.location.search}${window.location.hash}`;
    window.history[history === 'push' ? 'pushState' : 'replaceState'](null, '', url);
  }
  const previous = host.current.router;
  host.set({ locale, router: host.routerFor(locale) });
  previous.dispose();
  // Answers the API wrote in the old language (catalogue names, refusals) are asked for again.
  void queryClient.invalidateQueries();
  return true;
}

let started = false;

/**
 * After hydration, once per page load: Back and Forward across languages show the language of the
 * URL, and an English page opened by someone who chose another language before (the cookie) shows
 * that language instead (the server renders English for every visitor, so its pages cache alike).
 */
export function startLanguageRouting(): void {
  if (started) return;
  started = true;
  window.addEventListener('popstate', () => void showLanguage(splitLocalePath(window.location.pathname).locale, 'none'));
  const remembered = rememberedLanguage();
  if (remembered && languageHost()?.current.locale === 'en') void showLanguage(remembered, 'replace');
}
