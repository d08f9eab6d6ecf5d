import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { PassThrough, type Readable } from 'node:stream';
import { pathToFileURL } from 'node:url';
import { constants, createBrotliCompress, createGzip } from 'node:zlib';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { SESSION_COOKIE } from '../lib/session-user';
import { siteOrigin } from '../lib/site-origin';
import { loadDocumentTemplate, type DocumentTemplate, type RenderedPage } from './html-document';
import { CachedDocument, chooseEncoding, PageCache, type Encoding } from './page-cache';

/** A page streamed to a browser (apps/web/src/app/ssr/render-page.tsx, ADR 016). */
interface StreamedPage extends Omit<RenderedPage, 'html' | 'stateScript'> {
  shell: string;
  rest: AsyncIterable<string>;
  stateScript(): string;
  whole(): Promise<RenderedPage>;
}

type RenderPage = ((url: string, origin: string) => Promise<RenderedPage>) & {
  /** Absent in an older renderer build: pages are then sent whole. */
  stream?: (url: string, origin: string, options: { nonce: string }) => Promise<StreamedPage>;
};

/**
 * Clients that get the finished page in document order, never a streamed one: search engines' and
 * link previews' fetchers (streamed regions are moved into place by a script they may not run).
 */
const WHOLE_PAGE_CLIENTS = /bot|crawl|spider|slurp|facebookexternalhit|embedly|preview|curl|wget/i;

/**
 * Without JavaScript a streamed region stays in its hidden element at the end of the body (React's
 * script moves it into place): shown there, it can still be read. In the layer the app's stylesheet
 * declares first (apps/web/src/styles.css): an important rule there wins over Tailwind's
 * `[hidden] { display: none !important }`, which sits in a later layer.
 */
const NO_SCRIPT_REGIONS =
  '<noscript><style>@layer streamed-regions { body > div[hidden][id^="S:"] { display: block !important; } }</style></noscript>';

interface RendererModule {
  createRenderer(options: { productName: string; fetchApi: (path: string, init: RequestInit) => Promise<Response> }): Promise<RenderPage>;
}

export interface PageServerOptions {
  /** The browser build (index.html, assets, .vite/manifest.json). */
  distDir: string;
  /** The server renderer's build; by default beside the browser build, '<distDir>-ssr'. */
  ssrDir?: string;
  productName: string;
  /** MAP_STYLE_URL, named to the maps in the document; undefined: the embedded basemap. */
  mapStyleUrl?: string;
  /** Origin of the pages' absolute URLs (PUBLIC_URL); undefined: the request's. */
  publicUrl?: string;
  /** The data version pages are cached under; without it every page is rendered afresh. */
  listingsVersion?: () => Promise<number>;
  maxCachedPages?: number;
  cacheTtlMs?: number;
}

export interface PageServer {
  /** Whether pages are rendered on the server (the renderer's build was found). */
  readonly renders: boolean;
  send(request: FastifyRequest, reply: FastifyReply): Promise<FastifyReply>;
}

/**
 * Answers page requests with server-rendered HTML (ADR 009): the app's renderer, built by
 * `vite build --ssr`, renders the page from data it gets from this app's own routes in process
 * (app.inject: the same code and rules as the API, no HTTP). Documents are cached per URL under the
 * listings version, so a repeat visit costs one cheap version check. Without a renderer build, or
 * when a page cannot be rendered, the browser gets index.html and renders the page itself.
 */
export async function createPageServer(app: FastifyInstance, options: PageServerOptions): Promise<PageServer> {
  const template: DocumentTemplate = loadDocumentTemplate(options.distDir, options.productName, options.mapStyleUrl);
  const ssrEntry = path.join(options.ssrDir ?? `${path.resolve(options.distDir)}-ssr`, 'entry-server.js');
  const render = existsSync(ssrEntry) ? await loadRenderer(app, ssrEntry, options.productName) : undefined;
  if (!render) app.log.warn(`No server renderer at ${ssrEntry}: pages are rendered in the browser.`);
  const cache = new PageCache({ maxEntries: options.maxCachedPages ?? 1000, ttlMs: options.cacheTtlMs ?? 60_000 });
  const inFlight = new Map<string, Promise<CachedDocument | undefined>>();

  async function currentVersion(): Promise<number | undefined> {
    try {
      return await options.listingsVersion?.();
    } catch {
      return undefined;
    }
  }

  async function renderDocument(renderPage: RenderPage, url: string, origin: string) {
    try {
      const page = await renderPage(url, origin);
      return { status: page.status, body: template.compose(page) };
    } catch (error) {
      app.log.warn({ err: error, url }, 'server rendering failed; the browser renders this page');
      return undefined;
    }
  }

  /** One rendering per URL and version at a time: a burst of first visits waits for the same one. */
  function documentFor(renderPage: RenderPage, url: string, origin: string, version: number | undefined) {
    const key = `${origin}${url}`;
    const now = Date.now();
    if (version === undefined) {
      return renderDocument(renderPage, url, origin).then((d) => d && new CachedDocument(d.status, d.body, -1, now));
    }
    const hit = cache.get(key, version, now);
    if (hit) return Promise.resolve(hit);
    const flightKey = `${version} ${key}`;
    let pending = inFlight.get(flightKey);
    if (!pending) {
      pending = renderDocument(renderPage, url, origin)
        .then((d) => d && cache.set(key, version, d.status, d.body, Date.now()))
        .finally(() => inFlight.delete(flightKey));
      inFlight.set(flightKey, pending);
    }
    return pending;
  }

  /**
   * A page no one has rendered yet, for a browser: the shell goes out as soon as it is ready and
   * each slower region follows as it completes (React's scripts, allowed by this response's nonce,
   * move them into place). Meanwhile other visitors of the URL wait for the finished page, which is
   * rendered again from the data already fetched and cached in document order, without scripts.
   */
  async function stream(
    renderPage: RenderPage & Required<Pick<RenderPage, 'stream'>>,
    request: FastifyRequest,
    reply: FastifyReply,
    version: number,
  ): Promise<FastifyReply | undefined> {
    const origin = siteOrigin(request, options.publicUrl);
    const url = request.url;
    const key = `${origin}${url}`;
    const nonce = randomBytes(16).toString('base64');
    const flightKey = `${version} ${key}`;
    let finished!: (document: CachedDocument | undefined) => void;
    inFlight.set(flightKey, new Promise((resolve) => (finished = resolve)));
    const done = (document: CachedDocument | undefined) => {
      finished(document);
      inFlight.delete(flightKey);
    };
    let page: StreamedPage;
    try {
      page = await renderPage.stream(url, origin, { nonce });
    } catch (error) {
      app.log.warn({ err: error, url }, 'server rendering failed; the browser renders this page');
      done(undefined);
      return undefined;
    }

    const csp = reply.getHeader('content-security-policy');
    if (typeof csp === 'string')
      reply.header('content-security-policy', csp.replace("script-src 'self'", `script-src 'self' 'nonce-${nonce}'`));
    reply.code(page.status).type('text/html; charset=utf-8');
    const encoding = chooseEncoding(request.headers['accept-encoding']);
    if (encoding) reply.header('Content-Encoding', encoding);
    const body = new PassThrough();
    const out: Readable = encoding ? body.pipe(streamEncoder(encoding)) : body;
    const { start, end } = template.frame(page);

    void (async () => {
      try {
        body.write(`${start}${page.shell}</div>`);
        let streamed = false;
        for await (const piece of page.rest) {
          if (!streamed) body.write(NO_SCRIPT_REGIONS);
          streamed = true;
          body.write(piece);
        }
        const tail = `${page.stateScript()}${end}`;
        body.end(tail);
        // Nothing waited (the usual case: a page's data is loaded before it renders): what was sent
        // is the finished page, in order and without scripts. Otherwise it is rendered again.
        const document = streamed ? template.compose(await page.whole()) : `${start}${page.shell}</div>${tail}`;
        done(cache.set(key, version, page.status, document, Date.now()));
      } catch (error) {
        app.log.warn({ err: error, url }, 'streaming a page failed');
        if (!body.writableEnded) body.destroy(error instanceof Error ? error : new Error(String(error)));
        done(undefined);
      }
    })();
    return reply.send(out);
  }

  async function send(request: FastifyRequest, reply: FastifyReply): Promise<FastifyReply> {
    reply.header('Cache-Control', 'no-cache').header('Vary', 'Accept-Encoding');
    reply.header('Server-Timing', sessionHint(request));
    const version = render ? await currentVersion() : undefined;
    if (render?.stream && version !== undefined && !WHOLE_PAGE_CLIENTS.test(request.headers['user-agent'] ?? '')) {
      const key = `${siteOrigin(request, options.publicUrl)}${request.url}`;
      if (!cache.get(key, version, Date.now()) && !inFlight.has(`${version} ${key}`)) {
        const streamed = await stream(render as Parameters<typeof stream>[0], request, reply, version);
        if (streamed) return streamed;
        return reply.type('text/html; charset=utf-8').send(template.shell);
      }
    }
    const document = render ? await documentFor(render, request.url, siteOrigin(request, options.publicUrl), version) : undefined;
    if (!document) return reply.type('text/html; charset=utf-8').send(template.shell);

    reply.header('ETag', document.etag);
    if (request.headers['if-none-match'] === document.etag) return reply.code(304).send();
    reply.code(document.status).type('text/html; charset=utf-8');
    const encoding = chooseEncoding(request.headers['accept-encoding']);
    if (!encoding) return reply.send(document.bytes);
    return reply.header('Content-Encoding', encoding).send(await document.encode(encoding));
  }

  return { renders: render !== undefined, send };
}

/**
 * Whether the page's request carried a session cookie, in a header the page's script can read
 * (`Server-Timing`, the navigation's serverTiming): without one the visitor is signed out, and the
 * app does not ask GET /api/account/session during the first load (apps/web/src/lib/session.ts),
 * whose answer's check would load the contracts' chunk (zod) on a visitor's phone. Always one of two
 * values: a 304's header replaces the cached response's, so a hint never outlives a sign-in.
 */
export function sessionHint(request: FastifyRequest): string {
  return `session;desc="${request.cookies?.[SESSION_COOKIE] ? 'cookie' : 'none'}"`;
}

async function loadRenderer(app: FastifyInstance, entry: string, productName: string): Promise<RenderPage> {
  const module = (await import(pathToFileURL(entry).href)) as RendererModule;
  return module.createRenderer({
    productName,
    async fetchApi(url, init) {
      const headers: Record<string, string> = {};
      new Headers(init.headers).forEach((value, name) => (headers[name] = value));
      const response = await app.inject({
        method: (init.method ?? 'GET') as 'GET',
        url,
        headers,
        payload: typeof init.body === 'string' ? init.body : undefined,
      });
      const hasBody = response.statusCode !== 204 && response.statusCode !== 304;
      return new Response(hasBody ? response.body : null, {
        status: response.statusCode,
        headers: { 'content-type': String(response.headers['content-type'] ?? 'application/json') },
      });
    },
  });
}

/** A compressor that sends what it has after every piece written (the shell must not wait for the rest). */
function streamEncoder(encoding: Encoding) {
  return encoding === 'br'
    ? createBrotliCompress({ flush: constants.BROTLI_OPERATION_FLUSH, params: { [constants.BROTLI_PARAM_QUALITY]: 5 } })
    : createGzip({ level: 6, flush: constants.Z_SYNC_FLUSH });
}
