import { existsSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { siteOrigin } from '../lib/site-origin';
import { loadDocumentTemplate, type DocumentTemplate, type RenderedPage } from './html-document';
import { CachedDocument, chooseEncoding, PageCache } from './page-cache';

type RenderPage = (url: string, origin: string) => Promise<RenderedPage>;

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

  async function send(request: FastifyRequest, reply: FastifyReply): Promise<FastifyReply> {
    reply.header('Cache-Control', 'no-cache').header('Vary', 'Accept-Encoding');
    const document = render
      ? await documentFor(render, request.url, siteOrigin(request, options.publicUrl), await currentVersion())
      : undefined;
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
