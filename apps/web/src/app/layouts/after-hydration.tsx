import { lazy, Suspense, useEffect, useState } from 'react';
import type { Locale } from '@rentdrive/contracts/locales';
import { useCompletePendingFavourite } from '../../components/favourite-button';
import { useSession } from '../../lib/session';
import { adoptAccountLanguage, forgetAccountLanguage } from '../account-language';
import { suggestedLanguage } from '../language-actions';
import { startLanguageRouting } from '../language-router';
import { FocusOnNavigate } from './focus-on-navigate';

// Only for a browser that prefers another language: its own chunk (with its catalogue).
const LanguageSuggestion = lazy(() => import('./language-suggestion').then((m) => ({ default: m.LanguageSuggestion })));

/**
 * What the layout does once the browser has taken over, in its own chunk (out of every page's first
 * load): focus after navigation (issue 29); Back and Forward across languages and the remembered
 * language (language-router.ts); on an English page, the signed-in account's language when none was
 * chosen on this browser (account-language.ts), else the one-time language suggestion (issue 24),
 * shown below the header; and the vehicle a visitor pressed a heart of before logging in, saved once
 * they are signed in (on any page, rather than by every heart of the page).
 */
export function AfterHydration({ locale }: { locale: string }) {
  // Mounted in the browser only, once per language (a switch mounts the app afresh).
  const [suggested] = useState<Locale | undefined>(() => (locale === 'en' ? suggestedLanguage() : undefined));
  useEffect(startLanguageRouting, []);
  // After sign-in (or on a page load signed in): the account's language, when this browser chose none.
  const session = useSession();
  const accountLanguage = session.user?.language;
  useEffect(() => void adoptAccountLanguage(locale, accountLanguage), [locale, accountLanguage]);
  // Signed out: a language taken from the account (not chosen here) is forgotten on this browser.
  const isSignedOut = !session.isLoading && session.user === null;
  useEffect(() => void (isSignedOut && forgetAccountLanguage(locale)), [locale, isSignedOut]);
  useCompletePendingFavourite();
  return (
    <>
      <FocusOnNavigate />
      {suggested && (
        <Suspense fallback={null}>
          <LanguageSuggestion locale={suggested} />
        </Suspense>
      )}
    </>
  );
}
