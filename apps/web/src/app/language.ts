import type { createBrowserRouter } from 'react-router';
import type { Locale } from '@rentdrive/contracts/locales';

/**
 * Switching the page's language (issue 24), the part every page loads: the browser entry (main.tsx)
 * holds the language and its router and names them here; language-router.ts (loaded after hydration
 * and with the language switch) shows another language without a page load, language-actions.ts
 * remembers the choice. Without a host (a test, a page the app could not take over), a switch is a
 * page load.
 */
export interface LocalizedRouter {
  locale: Locale;
  router: ReturnType<typeof createBrowserRouter>;
}
export interface LanguageHost {
  current: LocalizedRouter;
  set: (next: LocalizedRouter) => void;
  /** A router of the app's routes with the language's prefix as its basename. */
  routerFor: (locale: Locale) => LocalizedRouter['router'];
  /**
   * Loads the screens of the routes matching `path` (below `basename`) onto the routes, so a new
   * router starts with the page's screen in hand (else it starts uninitialized and renders nothing).
   */
  loadScreens: (path: string, basename: string) => Promise<void>;
}
let host: LanguageHost | undefined;

export function setLanguageHost(next: LanguageHost | undefined): void {
  host = next;
}

export function languageHost(): LanguageHost | undefined {
  return host;
}
