import type { I18n } from '@lingui/core';
import { LinguiContext, type I18nContext } from '@lingui/react';
import { useEffect, useMemo, useState, type ReactNode } from 'react';
import { DEFAULT_LOCALE, isLocale } from '@rentdrive/contracts/locales';
import { setApiLanguage } from '../lib/api-client';
import { englishI18n, loadCatalogue, loadedI18n } from './catalogues';

/**
 * The language of everything inside (ADR 018). `locale` defaults to English; phase 2 of issue 24 passes
 * the URL prefix's language here. A language whose catalogue is not loaded yet shows English until its
 * chunk arrives; a renderer that awaits `loadCatalogue(locale)` first renders it at once (and so
 * hydrates without a mismatch).
 *
 * Lingui's own provider makes a new context whenever its i18n emits 'change', which every catalogue
 * module does as its chunk loads (`englishI18n().load`: the `more` messages with the cards' hearts
 * after hydration). A new context value reaches every region still waiting for its code (a lazy
 * region, ADR 016): React cannot hydrate it without that code, so it threw the server's markup away
 * and drew the region afresh (the listing's 'Where' filters vanished until their chunk came, a click
 * on them was lost). Here the context changes only with the language: messages loaded later are read
 * when rendered (`_` looks them up then), and a chunk loads its catalogue before its components render.
 */
export function I18nProvider({ locale = DEFAULT_LOCALE, children }: { locale?: string; children: ReactNode }) {
  const [, setLoadedCount] = useState(0);
  const i18n = loadedI18n(locale) ?? englishI18n();
  useEffect(() => {
    // The API answers in the language shown (a browser's own Accept-Language may name another).
    setApiLanguage(i18n.locale);
  }, [i18n.locale]);
  useEffect(() => {
    if (loadedI18n(locale) || !isLocale(locale)) return;
    let live = true;
    void loadCatalogue(locale).then(() => {
      if (live) setLoadedCount((n) => n + 1);
    });
    return () => {
      live = false;
    };
  }, [locale]);
  return <InLanguage i18n={i18n}>{children}</InLanguage>;
}

/** Lingui's context for `i18n`, the same value as long as `i18n` is (see I18nProvider). */
export function InLanguage({ i18n, children }: { i18n: I18n; children: ReactNode }) {
  const context = useMemo<I18nContext>(() => ({ i18n, _: i18n.t.bind(i18n) }), [i18n]);
  return <LinguiContext.Provider value={context}>{children}</LinguiContext.Provider>;
}
