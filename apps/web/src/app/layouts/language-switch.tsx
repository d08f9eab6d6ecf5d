import { useLingui } from '@lingui/react/macro';
import { useEffect, type MouseEvent, type RefObject } from 'react';
import { useLocation } from 'react-router';
import { isLocale, LOCALE_NAMES, LOCALES, type Locale } from '@rentdrive/contracts/locales';
import { localePath } from '@rentdrive/contracts/web-paths';
import { useSession } from '../../lib/session';
import { switchLanguage } from '../language-actions';

/** The page being shown (path and query, without the language prefix) in each language. */
function useLanguageLinks(): LanguageLinkProps[] {
  const { i18n } = useLingui();
  const signedIn = useSession().user !== null;
  // The router's basename is the language prefix: its location is the page without it.
  const { pathname, search, hash } = useLocation();
  const current = isLocale(i18n.locale) ? i18n.locale : 'en';
  return LOCALES.map((locale) => ({ locale, current, signedIn, href: `${localePath(locale, pathname)}${search}${hash}` }));
}

/** A plain link (it works before the app takes over); a click switches in place, keeping page and query. */
function onLanguageClick(event: MouseEvent<HTMLAnchorElement>, link: LanguageLinkProps, done?: () => void) {
  if (event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
  event.preventDefault();
  done?.();
  if (link.locale !== link.current) void switchLanguage(link.locale, link.href, link.signedIn);
}

interface LanguageLinkProps {
  locale: Locale;
  current: Locale;
  href: string;
  signedIn: boolean;
}

function LanguageLink({ className, onChosen, ...link }: LanguageLinkProps & { className: string; onChosen?: () => void }) {
  const { locale, current, href } = link;
  return (
    <a
      href={href}
      lang={locale}
      hrefLang={locale}
      aria-current={locale === current ? 'true' : undefined}
      className={locale === current ? `${className} font-semibold` : className}
      onClick={(event) => onLanguageClick(event, link, onChosen)}
    >
      {LOCALE_NAMES[locale]}
    </a>
  );
}

/**
 * The header menu's list (language-menu.tsx opens it): the six languages, each in its own name. Escape,
 * a click elsewhere or focus leaving the menu closes it (Escape returns focus to the button).
 */
export function LanguageList({
  id,
  root,
  button,
  onClose,
}: {
  id: string;
  root: RefObject<HTMLElement | null>;
  button: RefObject<HTMLButtonElement | null>;
  onClose: () => void;
}) {
  const links = useLanguageLinks();
  useEffect(() => {
    const outside = (event: Event) => {
      if (!root.current?.contains(event.target as Node)) onClose();
    };
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key !== 'Escape') return;
      event.stopPropagation();
      onClose();
      button.current?.focus();
    };
    document.addEventListener('pointerdown', outside);
    document.addEventListener('focusin', outside);
    document.addEventListener('keydown', onKeyDown);
    return () => {
      document.removeEventListener('pointerdown', outside);
      document.removeEventListener('focusin', outside);
      document.removeEventListener('keydown', onKeyDown);
    };
  }, [root, button, onClose]);
  return (
    <ul
      id={id}
      className="absolute right-0 top-full z-50 mt-1 whitespace-nowrap rounded-control border border-slate-200 bg-white py-1 shadow-lg"
    >
      {links.map((link) => (
        <li key={link.locale}>
          <LanguageLink
            {...link}
            onChosen={onClose}
            className="block px-4 py-2 text-sm text-slate-800 hover:bg-slate-100 focus-visible:outline-2 focus-visible:outline-accent-600"
          />
        </li>
      ))}
    </ul>
  );
}

/** The footer's language switch: every language, each in its own name, the current one marked. */
export function LanguageLinks() {
  const { t } = useLingui();
  const links = useLanguageLinks();
  return (
    <nav aria-label={t`Language`}>
      <ul className="flex flex-wrap gap-x-4 gap-y-2">
        {links.map((link) => (
          <li key={link.locale}>
            <LanguageLink
              {...link}
              className="rounded text-sm text-slate-600 hover:text-slate-900 focus-visible:outline-2 focus-visible:outline-accent-600"
            />
          </li>
        ))}
      </ul>
    </nav>
  );
}
