import { dehydrate } from '@tanstack/react-query';
import { createStaticHandler, createStaticRouter, StaticRouterProvider } from 'react-router';
import type { Locale } from '@rentdrive/contracts/locales';
import { localePrefix, splitLocalePath, type RenderedPage } from '@rentdrive/contracts/web-paths';
import { loadCatalogue } from '../../i18n/catalogues';
import { createQueryClient } from '../../lib/query-client';
import { AppProviders } from '../app';
import { routes } from '../router';
import { renderHeadTags } from './head-tags';
import { loadPageData, type RouteHandle } from './page-data';
import { PAGE_STATE_ELEMENT_ID, serializePageState } from './page-state';
import { renderingLocale } from './rendering-locale';
import { renderToHtml, streamHtml } from './stream-html';

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

/**
 * A page streamed to a browser: its status and head are known before the first byte (its route's
 * page module has loaded what they need); its markup comes as the shell, then each region that was
 * still waiting (ADR 016).
 */
export interface StreamedPage extends Omit<RenderedPage, 'html' | 'stateScript'> {
  /** The markup inside <div id="root"> when the shell was ready. */
  shell: string;
  /** React's later pieces (each finished region and its script), written after #root; ends when all are in. */
  rest: AsyncIterable<string>;
  /** Once `rest` has ended: the data block with every query the page fetched, the streamed regions' too. */
  stateScript(): string;
  /** The finished page in document order, rendered again from the data already fetched (the page cache keeps it). */
  whole(): Promise<RenderedPage>;
}

/** Like renderPage, but the shell goes out first; React's inline scripts carry `nonce`. */
export async function streamPage(url: string, origin: string, options: { nonce: string }): Promise<StreamedPage> {
  const { locale } = splitLocalePath(new URL(url, origin).pathname);
  return renderingLocale.run(locale, async () => {
    const prepared = await preparePage(locale, url, origin);
    const streamed = await streamHtml(prepared.element, options);
    return {
      ...prepared.page,
      shell: streamed.shell,
      rest: streamed.rest,
      stateScript: () => prepared.stateScript(),
      whole: () =>
        renderingLocale.run(locale, async () => {
          const html = await renderToHtml(prepared.element);
          const stateScript = prepared.stateScript();
          prepared.queryClient.clear();
          return { ...prepared.page, html, stateScript };
        }),
    };
  });
}

async function renderPageIn(locale: Locale, url: string, origin: string): Promise<RenderedPage> {
  const prepared = await preparePage(locale, url, origin);
  const html = await renderToHtml(prepared.element);
  const stateScript = prepared.stateScript();
  prepared.queryClient.clear();
  return { ...prepared.page, html, stateScript };
}

/** The page's data loaded (what its status, head and shell need), its element, and its data block when asked. */
async function preparePage(locale: Locale, url: string, origin: string) {
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
  const data = await loadPageData(queryClient, handles, {
    params: leaf?.params ?? {},
    pathname: splitLocalePath(target.pathname).path,
    search: target.searchParams,
    origin,
    locale,
    i18n,
  });

  const router = createStaticRouter(handler.dataRoutes, context);
  const element = (
    <AppProviders queryClient={queryClient} locale={locale}>
      <StaticRouterProvider router={router} context={context} hydrate={false} />
    </AppProviders>
  );
  const page = {
    status: data.status,
    head: renderHeadTags(data.head, origin, locale),
    locale,
    modules: [...new Set(handles.flatMap((handle) => (handle?.screen ? [handle.screen, ...(handle.alsoLoads ?? [])] : [])))],
  };
  // Read after rendering: a region that fetched its own data while rendering is in it too.
  const stateScript = () =>
    `<script type="application/json" id="${PAGE_STATE_ELEMENT_ID}">${serializePageState({ queries: dehydrate(queryClient) })}</script>`;
  return { page, element, queryClient, stateScript };
}
