import { hydrate } from '@tanstack/react-query';
import { startTransition, StrictMode, useEffect, useState, type ReactNode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { createBrowserRouter, RouterProvider } from 'react-router';
import { localePrefix, splitLocalePath } from '@rentdrive/contracts/web-paths';
import { AppProviders } from './app/app';
import { setLanguageHost, type LocalizedRouter } from './app/language';
import { loadRouteModules } from './app/load-route-modules';
import { loadOtherScreens, routes } from './app/router';
import { HYDRATION_ERROR_PREFIX, readPageState } from './app/ssr/page-state';
import { loadCatalogue } from './i18n/catalogues';
import { flushRouterUpdate } from './lib/flush-router-update';
import { queryClient } from './lib/query-client';
import './styles.css';

/**
 * Marks the document once React has taken over the page (effects run after the hydrating commit),
 * for whoever needs to know the page is interactive: the end-to-end tests wait for it. A wrapper,
 * not a sibling: an extra child would shift every useId below it away from the server's ids.
 */
function MarkInteractive({ children }: { children: ReactNode }) {
  useEffect(() => {
    document.documentElement.dataset.interactive = 'true';
  }, []);
  return children;
}

/**
 * Resolves once the browser has had a frame to paint the server's markup: hydration is one long task,
 * and run first it held back a phone's first paint until it was over. A tab that does not paint
 * (hidden) goes on after 100 ms.
 */
function afterFirstPaint(): Promise<void> {
  return new Promise((resolve) => {
    setTimeout(resolve, 100);
    requestAnimationFrame(() => setTimeout(resolve, 0));
  });
}

/**
 * A hydration mismatch (the browser's first render differs from the server's markup) is a bug: React
 * recovers by rendering that part again in the browser, and says so here. Logged as an error with a
 * prefix the end-to-end tests look for (they fail any page that logs one).
 */
function reportRecoverableError(error: unknown, info: { componentStack?: string }): void {
  const cause = error instanceof Error && error.cause instanceof Error ? ` (${error.cause.message})` : '';
  console.error(`${HYDRATION_ERROR_PREFIX} ${error instanceof Error ? error.message : String(error)}${cause}`, info.componentStack ?? '');
}

/**
 * The app in the language of the URL's prefix. Switching language (app/language-router.ts, loaded
 * after hydration) puts the same page and query under the new prefix and gives this a router with
 * that basename.
 */
function LocalizedApp({ initial }: { initial: LocalizedRouter }) {
  const [current, setCurrent] = useState(initial);
  useEffect(() => {
    document.documentElement.lang = current.locale;
    setLanguageHost({
      current,
      set: setCurrent,
      routerFor: (next) => createBrowserRouter(routes, { basename: localePrefix(next) || '/' }),
      loadScreens: (path, basename) => loadRouteModules(routes, path, basename),
    });
  }, [current]);
  return (
    <AppProviders queryClient={queryClient} locale={current.locale}>
      <RouterProvider key={current.locale} router={current.router} flushSync={flushRouterUpdate} />
    </AppProviders>
  );
}

async function start() {
  const state = readPageState(document);
  if (state) {
    // The server answered with data current at its response: fresh from now on, so the first
    // render asks for nothing and matches the markup.
    const now = Date.now();
    for (const query of state.queries.queries) query.state.dataUpdatedAt = now;
    hydrate(queryClient, state.queries);
  }
  // A chunk that fails to load (a deploy replaced it) is retried by the router, which then shows
  // the route's error page; the server's markup is rendered over rather than hydrated.
  // The page's language is its URL's prefix: its catalogue loads before the first render, so the
  // first render speaks it and matches the server's markup.
  const { locale } = splitLocalePath(window.location.pathname);
  const basename = localePrefix(locale) || '/';
  // The screen's chunk and the catalogue are preloaded by the page's <head>: imported right away,
  // their evaluation joined this module's in one task (200 ms on a phone at 4x). After a yield,
  // they evaluate in tasks of their own.
  await new Promise((resolve) => setTimeout(resolve, 0));
  const [loaded] = await Promise.all([
    Promise.all([loadRouteModules(routes, window.location.pathname, basename), loadCatalogue(locale)]).then(
      () => true,
      () => false,
    ),
    state ? afterFirstPaint() : undefined,
  ]);
  const app = (
    <StrictMode>
      <MarkInteractive>
        <LocalizedApp initial={{ locale, router: createBrowserRouter(routes, { basename }) }} />
      </MarkInteractive>
    </StrictMode>
  );
  const root = document.getElementById('root')!;
  // Hydrated in a transition: React then hydrates in slices of a few milliseconds, yielding to the
  // browser between them (a phone's 400-550 ms of hydration at 4x CPU was one task), and a tap
  // meanwhile hydrates the part it lands in first. Outside a transition the first render is one
  // blocking task.
  if (state && loaded) startTransition(() => void hydrateRoot(root, app, { onRecoverableError: reportRecoverableError }));
  else {
    // Rendered afresh (no server markup to take over, or its chunks failed): the screen's <title>
    // (React 19 document metadata) is put in the head, so the served one goes first; else the head
    // would hold two.
    for (const title of document.head.querySelectorAll('title')) title.remove();
    createRoot(root).render(app);
  }
  // The other screens' table (app/other-screens.ts, out of the first load), once the browser is idle:
  // a first click on 'Log in' or 'My Rentals' then waits for that screen's chunk only.
  const preload = () => void loadOtherScreens().catch(() => undefined);
  if ('requestIdleCallback' in window) window.requestIdleCallback(preload);
  else setTimeout(preload, 2000);
}

void start();
