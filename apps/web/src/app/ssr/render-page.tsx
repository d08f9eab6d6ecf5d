import { dehydrate } from '@tanstack/react-query';
import { Writable } from 'node:stream';
import type { ReactNode } from 'react';
import { renderToPipeableStream } from 'react-dom/server';
import type { Locale } from '@rentdrive/contracts/locales';
import { localePrefix, splitLocalePath, type RenderedPage } from '@rentdrive/contracts/web-paths';
import { createStaticHandler, createStaticRouter, StaticRouterProvider } from 'react-router';
import { loadCatalogue } from '../../i18n/catalogues';
import { createQueryClient } from '../../lib/query-client';
import { AppProviders } from '../app';
import { routes } from '../router';
import { renderHeadTags } from './head-tags';
import { loadPageData, type RouteHandle } from './page-data';
import { PAGE_STATE_ELEMENT_ID, serializePageState } from './page-state';
import { renderingLocale } from './rendering-locale';

export type { RenderedPage };

/**
 * One router per language: the URL's language prefix is the router's basename (as in the browser,
 * main.tsx), so the routes are the spec's and every link the page renders keeps the prefix.
 */
const handlers = new Map<Locale, ReturnType<typeof createStaticHandler>>();
function handlerFor(locale: Locale) {
  let handler = handlers.get(locale);
  if (!handler) {
    handler = createStaticHandler(routes, { basename: localePrefix(locale) || '/' });
    handlers.set(locale, handler);
  }
  return handler;
}

/**
 * Renders `url` (path and query) for a visitor of `origin` in the language of its prefix ('/de/…'),
 * with that language's catalogue loaded first; throws when the page cannot be rendered.
 */
export async function renderPage(url: string, origin: string): Promise<RenderedPage> {
  const { locale } = splitLocalePath(new URL(url, origin).pathname);
  return renderingLocale.run(locale, () => renderPageIn(locale, url, origin));
}

async function renderPageIn(locale: Locale, url: string, origin: string): Promise<RenderedPage> {
  const i18n = await loadCatalogue(locale);
  const handler = handlerFor(locale);
  const request = new Request(new URL(url, origin));
  const context = await handler.query(request);
  if (context instanceof Response) throw new Error(`The router answered ${context.status} instead of a page.`);

  const queryClient = createQueryClient();
  queryClient.setDefaultOptions({ queries: { ...queryClient.getDefaultOptions().queries, retry: false } });
  const leaf = context.matches[context.matches.length - 1];
  const target = new URL(request.url);
  // Each matched route says what its screen is and how its page is loaded (router.tsx, routes/*.page.ts).
  const handles = context.matches.map((match) => match.route.handle as RouteHandle | undefined);
  const page = await loadPageData(queryClient, handles, {
    params: leaf?.params ?? {},
    pathname: splitLocalePath(target.pathname).path,
    search: target.searchParams,
    origin,
    locale,
    i18n,
  });

  const router = createStaticRouter(handler.dataRoutes, context);
  const html = await renderToHtml(
    <AppProviders queryClient={queryClient} locale={locale}>
      <StaticRouterProvider router={router} context={context} hydrate={false} />
    </AppProviders>,
  );
  const state = serializePageState({ queries: dehydrate(queryClient) });
  queryClient.clear();
  return {
    status: page.status,
    head: renderHeadTags(page.head, origin, locale),
    locale,
    html,
    stateScript: `<script type="application/json" id="${PAGE_STATE_ELEMENT_ID}">${state}</script>`,
    modules: [...new Set(handles.flatMap((handle) => (handle?.screen ? [handle.screen, ...(handle.alsoLoads ?? [])] : [])))],
  };
}

/**
 * The whole page's markup from React's streaming renderer, once every part of it is ready: the page
 * is cached and sent whole (crawlers and the page cache want the finished document), and with its
 * data prefetched nothing suspends for long. An error in the shell rejects (the caller then sends
 * the page for the browser to render).
 */
const RENDER_TIMEOUT_MS = 10_000;

function renderToHtml(element: ReactNode): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    const sink = new Writable({
      write(chunk: Buffer | string, _encoding, done) {
        chunks.push(typeof chunk === 'string' ? Buffer.from(chunk) : chunk);
        done();
      },
      final(done) {
        resolve(Buffer.concat(chunks).toString('utf8'));
        done();
      },
    });
    let failed = false;
    // Nothing should wait this long (the data is loaded before rendering): the parts still pending
    // are left to the browser rather than holding the response.
    const timeout = setTimeout(() => stream.abort(new Error('server rendering took too long')), RENDER_TIMEOUT_MS);
    const stream = renderToPipeableStream(element, {
      // Every boundary in place, in document order: React would otherwise move a large finished one
      // to the end with an inline script to swap it in, which the Content-Security-Policy forbids.
      progressiveChunkSize: Number.POSITIVE_INFINITY,
      onAllReady: () => {
        clearTimeout(timeout);
        if (!failed) stream.pipe(sink);
      },
      onShellError: (error) => {
        clearTimeout(timeout);
        failed = true;
        reject(error instanceof Error ? error : new Error(String(error)));
      },
      onError: (error) => {
        // A part that failed after the shell renders in the browser instead; the page still goes out.
        console.warn('server rendering: a part of the page failed and will render in the browser', error);
      },
    });
  });
}
