import { Trans, useLingui } from '@lingui/react/macro';
import '../../i18n/more-messages';
import { useEffect, useState } from 'react';
import { useLocation } from 'react-router';
import { type Locale } from '@rentdrive/contracts/locales';
import { localePath } from '@rentdrive/contracts/web-paths';
import { loadCatalogue, loadedI18n } from '../../i18n/catalogues';
import { InLanguage } from '../../i18n/i18n-provider';
import { markLanguageSuggested, switchLanguage } from '../language-actions';

function Suggestion({ locale, onDone }: { locale: Locale; onDone: () => void }) {
  const { t } = useLingui();
  const { pathname, search, hash } = useLocation();
  const href = `${localePath(locale, pathname)}${search}${hash}`;
  return (
    <aside lang={locale} aria-label={t`Language`} className="border-b border-slate-200 bg-accent-50">
      <div className="mx-auto flex max-w-7xl flex-wrap items-center gap-x-4 gap-y-2 px-4 py-2 text-sm text-slate-800 sm:px-6">
        <p className="flex-1">
          <Trans>This page is also available in English.</Trans>
        </p>
        <a
          href={href}
          hrefLang={locale}
          className="rounded-control font-semibold text-accent-800 underline underline-offset-2 focus-visible:outline-2 focus-visible:outline-accent-600"
          onClick={(event) => {
            if (event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
            event.preventDefault();
            onDone();
            void switchLanguage(locale, href, false);
          }}
        >
          <Trans>Show in English</Trans>
        </a>
        <button
          type="button"
          className="rounded-control px-2 py-1 text-slate-700 hover:bg-accent-100 focus-visible:outline-2 focus-visible:outline-accent-600"
          onClick={onDone}
        >
          <Trans>No, thanks</Trans>
        </button>
      </div>
    </aside>
  );
}

/**
 * The one-time suggestion on an English page for a browser that prefers another of our languages
 * (issue 24): written in that language (its catalogue loads for it), never a redirect. Shown once per
 * browser: it stays while this visit goes on, until chosen or dismissed.
 */
export function LanguageSuggestion({ locale }: { locale: Locale }) {
  const [ready, setReady] = useState(() => loadedI18n(locale) !== undefined);
  const [open, setOpen] = useState(true);
  useEffect(() => {
    // Once per browser: a later visit does not ask again.
    markLanguageSuggested();
    let live = true;
    void loadCatalogue(locale).then(
      () => live && setReady(true),
      () => undefined,
    );
    return () => {
      live = false;
    };
  }, [locale]);
  const i18n = loadedI18n(locale);
  if (!open || !ready || !i18n) return null;
  return (
    <InLanguage i18n={i18n}>
      <Suggestion locale={locale} onDone={() => setOpen(false)} />
    </InLanguage>
  );
}
