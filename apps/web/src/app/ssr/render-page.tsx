import { dehydrate } from '@tanstack/react-query';
import { renderToString } from 'react-dom/server';
import { createStaticHandler, createStaticRouter, StaticRouterProvider } from 'react-router';
import { createQueryClient } from '../../lib/query-client';
import { AppProviders } from '../app';
import { routes } from '../router';
import { renderHeadTags } from './head-tags';
import { loadPageData } from './page-data';
import { PAGE_STATE_ELEMENT_ID, serializePageState } from './page-state';

export interface RenderedPage {
  status: number;
  /** <title>, meta description, canonical, robots, Open Graph, Twitter and JSON-LD. */
  head: string;
  /** The markup inside <div id="root">. */
  html: string;
  /** The data block the browser hydrates from. */
  stateScript: string;
  /** Source modules of the screen (keys of the client build's manifest) worth preloading. */
  modules: string[];
}

const handler = createStaticHandler(routes);

/** Renders `url` (path and query) for a visitor of `origin`; throws when the page cannot be rendered. */
export async function renderPage(url: string, origin: string): Promise<RenderedPage> {
  const request = new Request(new URL(url, origin));
  const context = await handler.query(request);
  if (context instanceof Response) throw new Error(`The router answered ${context.status} instead of a page.`);

  const queryClient = createQueryClient();
  queryClient.setDefaultOptions({ queries: { ...queryClient.getDefaultOptions().queries, retry: false } });
  const leaf = context.matches[context.matches.length - 1];
  const target = new URL(request.url);
  const page = await loadPageData(queryClient, {
    routePath: leaf?.route.path,
    params: leaf?.params ?? {},
    pathname: target.pathname,
    search: target.searchParams,
    origin,
  });

  const router = createStaticRouter(handler.dataRoutes, context);
  const html = renderToString(
    <AppProviders queryClient={queryClient}>
      <StaticRouterProvider router={router} context={context} hydrate={false} />
    </AppProviders>,
  );
  const state = serializePageState({ queries: dehydrate(queryClient) });
  queryClient.clear();
  return {
    status: page.status,
    head: renderHeadTags(page.head, origin),
    html,
    stateScript: `<script type="application/json" id="${PAGE_STATE_ELEMENT_ID}">${state}</script>`,
    modules: page.screenModule ? [page.screenModule] : [],
  };
}
