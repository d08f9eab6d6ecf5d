import { Trans, useLingui } from '@lingui/react/macro';
import { lazy, Suspense } from 'react';
import { Outlet } from 'react-router';
import { lazyRegion } from '../../lib/lazy-region';
import { useSession } from '../../lib/session';
import { useHydrated } from '../../lib/use-hydrated';
import { useLiveHubWhenSignedIn } from '../../lib/use-live-hub';
import { Header } from './header';
import { ScrollToTop } from './scroll-to-top';

// Below every page's content: it hydrates on its own, after the page (see lazyRegion).
const Footer = lazyRegion(() => import('./footer').then((m) => m.Footer));
// Focus after navigation and the language suggestion: after hydration, their own chunk.
const AfterHydration = lazy(() => import('./after-hydration').then((m) => ({ default: m.AfterHydration })));

/** Header, the screen, footer. Screens render their own <main> landmark. */
export function AppLayout() {
  // One hub connection per tab while signed in: pushed notifications and the chat badge.
  const { user } = useSession();
  useLiveHubWhenSignedIn(user?.id ?? null);
  const { i18n } = useLingui();
  const isHydrated = useHydrated();
  return (
    <div className="flex min-h-dvh flex-col bg-white text-slate-900">
      <a
        href="#content"
        className="sr-only focus:not-sr-only focus:fixed focus:left-4 focus:top-4 focus:z-[70] focus:rounded-control focus:bg-white focus:px-4 focus:py-2 focus:shadow-lg focus:outline-2 focus:outline-accent-600"
      >
        <Trans>Skip to content</Trans>
      </a>
      <ScrollToTop />
      <Header />
      {isHydrated && (
        <Suspense fallback={null}>
          <AfterHydration locale={i18n.locale} />
        </Suspense>
      )}
      <div id="content" tabIndex={-1} className="flex-1 outline-none">
        <Outlet />
      </div>
      <Footer />
    </div>
  );
}
