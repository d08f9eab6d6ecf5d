import { Trans, useLingui } from '@lingui/react/macro';
import { lazy, Suspense, useEffect, useId, useRef, useState, type KeyboardEvent } from 'react';
import { Link, useLocation } from 'react-router';
import { buttonClasses } from '../../components/ui/button';
import { cn } from '../../lib/cn';
import { lazyRegion } from '../../lib/lazy-region';
import { PRODUCT_NAME } from '../../lib/product';
import { useSession } from '../../lib/session';
import { useHydrated } from '../../lib/use-hydrated';
import { LIST_VEHICLE_NAV, PUBLIC_NAV, SIGNED_IN_NAV, type NavItem } from './nav-items';
import { NavList } from './nav-list';

// Radix's dropdown is only needed by employees: keep it out of everyone's first load.
const ManageMenu = lazy(() => import('./manage-menu').then((m) => ({ default: m.ManageMenu })));
// The menu's body (phones, tablets, and wherever the bar does not fit): loaded when first opened.
const loadPhoneMenu = () => import('./phone-menu').then((m) => ({ default: m.PhoneMenu }));
const PhoneMenu = lazy(loadPhoneMenu);
// The balance and the unread counts show only once a session has loaded (never in the server's
// markup or during hydration): their own chunk, out of every visitor's first load.
const ChatNavLabel = lazy(() => import('../../features/chat/components/unread-badge').then((m) => ({ default: m.ChatNavLabel })));
const MenuButtonLabel = lazy(() => import('../../features/chat/components/unread-badge').then((m) => ({ default: m.MenuButtonLabel })));
const LazyBalanceBadge = lazy(() => import('./balance-badge').then((m) => ({ default: m.BalanceBadge })));

function BalanceBadge(props: { balance: number; pendingBalance: number; className?: string }) {
  return (
    <Suspense fallback={null}>
      <LazyBalanceBadge {...props} />
    </Suspense>
  );
}

// The language switch: rendered by the server, its code a chunk of its own that hydrates after the page.
const LanguageMenu = lazyRegion(() => import('./language-menu').then((m) => m.LanguageMenu), <span className="block size-10" />);

// The bell (Radix popover, the list) appears only after hydration for signed-in users: its own chunk.
const NotificationBell = lazy(() =>
  import('../../features/notifications/components/notification-bell').then((m) => ({ default: m.NotificationBell })),
);

const desktopLink = ({ isActive }: { isActive: boolean }) =>
  cn(
    'whitespace-nowrap rounded-control px-2 py-2 text-sm font-medium transition-colors xl:px-3 duration-150 focus-visible:outline-2 focus-visible:outline-accent-600',
    isActive ? 'text-accent-700' : 'text-slate-700 hover:bg-slate-100 hover:text-slate-900',
  );

function Logo({ compact }: { compact: boolean }) {
  return (
    <Link
      to="/"
      className="flex items-center gap-2 rounded-control text-lg font-bold text-slate-900 focus-visible:outline-2 focus-visible:outline-accent-600"
    >
      <svg viewBox="0 0 32 32" className="size-8 text-accent-700" aria-hidden="true">
        <rect width="32" height="32" rx="8" fill="currentColor" />
        <path
          d="M7 19.5v-3l2.2-4.6A2 2 0 0 1 11 10.8h10a2 2 0 0 1 1.8 1.1l2.2 4.6v3a1 1 0 0 1-1 1h-1.2a2.5 2.5 0 0 1-4.8 0h-4a2.5 2.5 0 0 1-4.8 0H8a1 1 0 0 1-1-1Zm3.4-4h11.2l-1.4-2.9a.8.8 0 0 0-.7-.4h-7a.8.8 0 0 0-.7.4Z"
          fill="white"
        />
      </svg>
      {/* Icon only between 1024 and 1280 px, where a signed-in user's full navigation needs the room. */}
      <span className={compact ? 'lg:max-xl:sr-only' : undefined}>{PRODUCT_NAME}</span>
    </Link>
  );
}

export function Header() {
  const { t, i18n } = useLingui();
  const { user, isLoading, isCompanyEmployee } = useSession();
  // The bar does not fit its row (long words, a long balance): the menu instead, at any width (lib/watch-fit.ts).
  const [isCompact, setCompact] = useState(false);
  const row = useRef<HTMLDivElement>(null);
  useEffect(() => {
    let stop: (() => void) | undefined;
    let live = true;
    if (typeof ResizeObserver === 'function')
      void import('../../lib/watch-fit').then((m) => {
        if (live && row.current) stop = m.watchFit(row.current, setCompact);
      });
    return () => {
      live = false;
      stop?.();
    };
  }, []);
  const location = useLocation();
  // Signed-out pages come from the server; the bell appears once the browser has taken over.
  const isHydrated = useHydrated();
  const menuId = useId();
  const menuButton = useRef<HTMLButtonElement>(null);
  // The phone menu is open for the location it was opened at, so any navigation closes it.
  const [openAtKey, setOpenAtKey] = useState<string | null>(null);
  const isMenuOpen = openAtKey === location.key;

  const closeMenu = () => {
    setOpenAtKey(null);
    menuButton.current?.focus();
  };
  const handleMenuKeyDown = (event: KeyboardEvent) => {
    if (event.key === 'Escape' && isMenuOpen) {
      event.stopPropagation();
      closeMenu();
    }
  };

  // Every link stays in the bar only where all of them fit on one line: from 768 px signed out,
  // from 1024 px signed in (more links and the balance); narrower screens get the menu, so no link
  // is ever dropped. Where the bar does not fit even so, the menu serves every width.
  const isSignedIn = user !== null;
  const barClass = isCompact ? 'hidden' : isSignedIn ? 'hidden lg:flex' : 'hidden md:flex';
  const menuOnlyClass = isCompact ? '' : isSignedIn ? 'lg:hidden' : 'md:hidden';
  // The chat link carries the unread count while signed in.
  const renderLabel = (item: NavItem) =>
    user && item.to === '/chat' ? (
      <Suspense fallback={i18n._(item.label)}>
        <ChatNavLabel userId={user.id} label={i18n._(item.label)} />
      </Suspense>
    ) : (
      i18n._(item.label)
    );
  const menuLabel = isMenuOpen ? t`Close menu` : t`Open menu`;

  return (
    <header
      className="sticky top-0 z-40 border-b border-slate-200 bg-white/95 backdrop-blur supports-[backdrop-filter]:bg-white/85"
      onKeyDown={handleMenuKeyDown}
    >
      <div ref={row} className="mx-auto flex h-16 max-w-7xl items-center justify-between gap-4 px-4 sm:px-6">
        <Logo compact={isSignedIn && !isCompact} />

        <nav aria-label={t`Main`} className={cn('ml-auto items-center gap-1', barClass)}>
          <ul className="flex items-center gap-0.5 xl:gap-1">
            <NavList items={PUBLIC_NAV} linkClass={desktopLink} />
            <NavList items={user ? SIGNED_IN_NAV : []} linkClass={desktopLink} renderLabel={renderLabel} />
            {user && <NavList items={[LIST_VEHICLE_NAV]} linkClass={desktopLink} />}
            {isCompanyEmployee && (
              <li>
                <Suspense
                  fallback={
                    <span className="px-3 py-2 text-sm font-medium text-slate-700">
                      <Trans>Manage</Trans>
                    </span>
                  }
                >
                  <ManageMenu />
                </Suspense>
              </li>
            )}
          </ul>
          {!isLoading && !user && (
            <div className="ml-2 flex items-center gap-2">
              <Link to="/register" className={buttonClasses('secondary', 'sm')}>
                <Trans>Register</Trans>
              </Link>
              <Link to="/login" className={buttonClasses('primary', 'sm')}>
                <Trans>Login</Trans>
              </Link>
            </div>
          )}
          {user && <BalanceBadge balance={user.balance} pendingBalance={user.pendingBalance} className="ml-2" />}
        </nav>

        {user && (
          // Tablets keep the balance in view beside the menu button; phones find it in the menu.
          <BalanceBadge
            balance={user.balance}
            pendingBalance={user.pendingBalance}
            className={cn('ml-auto max-sm:hidden', !isCompact && 'lg:hidden')}
          />
        )}
        {user && isHydrated && (
          <div className="max-sm:ml-auto">
            <Suspense fallback={<span className="block size-10" aria-hidden="true" />}>
              <NotificationBell userId={user.id} />
            </Suspense>
          </div>
        )}
        {/* Every width: signed out on a phone it is the first thing after the logo, so it takes the room between. */}
        <div className={isSignedIn ? undefined : isCompact ? 'ml-auto' : 'max-md:ml-auto'}>
          <LanguageMenu />
        </div>
        <button
          ref={menuButton}
          type="button"
          className={cn(
            'relative inline-flex items-center gap-2 rounded-control p-2 text-slate-800 hover:bg-slate-100 focus-visible:outline-2 focus-visible:outline-accent-600',
            menuOnlyClass,
          )}
          aria-expanded={isMenuOpen}
          // Names the menu while it exists: a closed menu is not in the page.
          aria-controls={isMenuOpen ? menuId : undefined}
          onClick={() => setOpenAtKey(isMenuOpen ? null : location.key)}
          // Its body's chunk, on the way to a click: a pointer over it (a touch too) or keyboard focus.
          onPointerEnter={() => void loadPhoneMenu()}
          onFocus={() => void loadPhoneMenu()}
        >
          {user ? (
            <Suspense fallback={<span className="sr-only">{menuLabel}</span>}>
              <MenuButtonLabel userId={user.id} label={menuLabel} showCount={!isMenuOpen} />
            </Suspense>
          ) : (
            <span className="sr-only">{menuLabel}</span>
          )}
          <svg
            viewBox="0 0 24 24"
            className="size-6"
            fill="none"
            stroke="currentColor"
            strokeWidth="2"
            strokeLinecap="round"
            aria-hidden="true"
          >
            {isMenuOpen ? <path d="M6 6l12 12M18 6L6 18" /> : <path d="M4 7h16M4 12h16M4 17h16" />}
          </svg>
        </button>
      </div>

      {isMenuOpen && (
        <Suspense fallback={null}>
          <PhoneMenu id={menuId} className={menuOnlyClass} renderLabel={renderLabel} />
        </Suspense>
      )}
    </header>
  );
}
