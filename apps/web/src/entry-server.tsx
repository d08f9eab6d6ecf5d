import type { RenderedPage, StreamedPage } from './app/ssr/render-page';
import { renderingLocale } from './app/ssr/rendering-locale';
import { setApiTransport } from './lib/api-client';
import { setProductName } from './lib/product';

export type { RenderedPage, StreamedPage };

/**
 * The server renderer (built with `vite build --ssr` and loaded by the API server). It renders a
 * page as an anonymous visitor sees it: the session is never read here, so one rendering serves
 * everyone and the signed-in parts render in the browser after hydration.
 */
export interface RendererOptions {
  productName: string;
  /** Answers the app's API calls in process (the server's own routes, without HTTP). */
  fetchApi: (path: string, init: RequestInit) => Promise<Response>;
}

/** Renders the finished page; `stream` sends its shell first (ADR 016). */
export type RenderPage = ((url: string, origin: string) => Promise<RenderedPage>) & {
  stream: (url: string, origin: string, options: { nonce: string }) => Promise<StreamedPage>;
};

/**
 * Configures the process (product name, API transport) and only then loads the app, so modules
 * that build texts from the product name at load time see the configured one.
 */
export async function createRenderer(options: RendererOptions): Promise<RenderPage> {
  setProductName(options.productName);
  // The API answers in the language of the page being rendered (its refusals, its catalogue names).
  setApiTransport((path, init) => {
    const headers = new Headers(init.headers);
    headers.set('Accept-Language', renderingLocale.getStore() ?? 'en');
    return options.fetchApi(path, { ...init, headers });
  });
  const { renderPage, streamPage } = await import('./app/ssr/render-page');
  return Object.assign((url: string, origin: string) => renderPage(url, origin), { stream: streamPage });
}
