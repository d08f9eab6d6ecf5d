import { waitFor } from '@testing-library/react';
import { createMemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { Account, type CurrentUser } from '@rentdrive/contracts/account';
import type { Locale } from '@rentdrive/contracts/locales';
import { SESSION_QUERY_KEY } from '../lib/session';
import { endpointResponse, jsonResponse, stubFetch } from '../test/fetch-stub';
import { renderWithApp } from '../test/render';
import { ACCOUNT_LANGUAGE_MARK } from './account-language';
import { setLanguageHost, type LanguageHost, type LocalizedRouter } from './language';
import { LANGUAGE_COOKIE } from './language-router';
import { AfterHydration } from './layouts/after-hydration';

const ME: CurrentUser = {
  id: '00000000-0000-4000-8000-000000000001',
  userName: 'anna',
  username: 'anna',
  email: 'anna@example.com',
  phoneNumber: null,
  memberSince: '2026-01-01T00:00:00Z',
  isCompanyEmployee: false,
  balance: 0,
  pendingBalance: 0,
  withdrawableBalance: 0,
  refundableToCard: 0,
};

let account: CurrentUser | null;
let sessionCalls = 0;

/** The session's answer arrived and was rendered. */
async function sessionAnswered() {
  await waitFor(() => expect(sessionCalls).toBeGreaterThan(0));
  await new Promise((resolve) => setTimeout(resolve, 50));
  sessionCalls = 0;
}
let shown: Locale[];

/** The browser entry's part: the language shown and its router (a switch replaces both). */
function host(locale: Locale): LanguageHost {
  const routerFor = () => createMemoryRouter([{ path: '*', element: null }]);
  const h: LanguageHost = {
    current: { locale, router: routerFor() },
    set: (next: LocalizedRouter) => {
      h.current = next;
      shown.push(next.locale);
    },
    routerFor,
    loadScreens: () => Promise.resolve(),
  };
  return h;
}

const clearCookie = () => (document.cookie = `${LANGUAGE_COOKIE}=; path=/; max-age=0`);

beforeEach(() => {
  shown = [];
  sessionCalls = 0;
  account = { ...ME, language: 'de' };
  clearCookie();
  window.history.replaceState(null, '', '/profile/rentals?page=2');
  stubFetch((url) => {
    if (url.endsWith('/api/account/session')) {
      sessionCalls++;
      return endpointResponse(Account.session, { user: account });
    }
    return jsonResponse({}, 404);
  });
});
afterEach(() => {
  localStorage.clear();
  setLanguageHost(undefined);
  clearCookie();
  window.history.replaceState(null, '', '/');
  vi.unstubAllGlobals();
});

describe('the account’s language', () => {
  it('shows a signed-in German reader’s English page in German, same page and query, and remembers it', async () => {
    setLanguageHost(host('en'));
    renderWithApp(<AfterHydration locale="en" />);
    await waitFor(() => expect(shown).toEqual(['de']));
    expect(window.location.pathname + window.location.search).toBe('/de/profile/rentals?page=2');
    expect(document.cookie).toContain(`${LANGUAGE_COOKIE}=de`);
  });

  it('keeps a language chosen on this browser, a page opened in another language, and English accounts', async () => {
    // Chosen here before (the cookie): the remembered French wins over the account's German.
    document.cookie = `${LANGUAGE_COOKIE}=fr; path=/`;
    setLanguageHost(host('en'));
    const chosen = renderWithApp(<AfterHydration locale="en" />);
    await sessionAnswered();
    expect(shown).not.toContain('de');
    chosen.unmount();
    clearCookie();

    setLanguageHost(host('it'));
    const italian = renderWithApp(<AfterHydration locale="it" />);
    await sessionAnswered();
    italian.unmount();

    account = { ...ME, language: 'en' };
    setLanguageHost(host('en'));
    renderWithApp(<AfterHydration locale="en" />);
    await sessionAnswered();
    expect(shown).not.toContain('de');
    expect(shown).not.toContain('en');
    expect(document.cookie).not.toContain(LANGUAGE_COOKIE);
  });

  it('does nothing for a visitor', async () => {
    account = null;
    setLanguageHost(host('en'));
    renderWithApp(<AfterHydration locale="en" />);
    await sessionAnswered();
    expect(shown).toEqual([]);
  });

  it('forgets at sign-out the language it took from the account, and shows the page in English again', async () => {
    setLanguageHost(host('en'));
    const app = renderWithApp(<AfterHydration locale="en" />);
    await waitFor(() => expect(shown).toEqual(['de']));
    expect(localStorage.getItem(ACCOUNT_LANGUAGE_MARK)).toBe('de');
    app.unmount();

    // The German page (the app mounts afresh per language); then the person signs out.
    const german = renderWithApp(<AfterHydration locale="de" />);
    await sessionAnswered();
    account = null;
    await german.queryClient.invalidateQueries({ queryKey: SESSION_QUERY_KEY });
    await waitFor(() => expect(document.cookie).not.toContain(`${LANGUAGE_COOKIE}=`));
    expect(shown).toEqual(['de', 'en']);
    expect(localStorage.getItem(ACCOUNT_LANGUAGE_MARK)).toBeNull();
  });

  it('keeps at sign-out a language chosen on this browser', async () => {
    document.cookie = `${LANGUAGE_COOKIE}=fr; path=/`;
    setLanguageHost(host('fr'));
    const app = renderWithApp(<AfterHydration locale="fr" />);
    await sessionAnswered();
    account = null;
    await app.queryClient.invalidateQueries({ queryKey: SESSION_QUERY_KEY });
    await sessionAnswered();
    expect(document.cookie).toContain(`${LANGUAGE_COOKIE}=fr`);
    expect(shown).toEqual([]);
  });
});
