import { I18nProvider as LinguiProvider } from '@lingui/react';
import { useEffect, useState, type ReactNode } from 'react';
import { DEFAULT_LOCALE, isLocale } from '@rentdrive/contracts/locales';
import { setApiLanguage } from '../lib/api-client';
import { englishI18n, loadCatalogue, loadedI18n } from './catalogues';

/**
 * The language of everything inside (ADR 018). `locale` defaults to English; phase 2 of issue 24 passes
 * the URL prefix's language here. A language whose catalogue is not loaded yet shows English until its
 * chunk arrives; a renderer that awaits `loadCatalogue(locale)` first renders it at once (and so
 * hydrates without a mismatch).
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
  return <LinguiProvider i18n={i18n}>{children}</LinguiProvider>;
}
