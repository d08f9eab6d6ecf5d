import { existsSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { API_PREFIX, ChatPaths, VehiclePaths } from '@rentdrive/contracts/paths';
import { createPageServer } from '../web-render/page-server';
import { appendVary } from './error-handler';

/** Whether a request is a browser navigation: its Accept prefers text/html over JSON. */
export function prefersHtml(request: FastifyRequest): boolean {
  const accept = request.headers.accept ?? '';
  const html = accept.indexOf('text/html');
  if (html < 0) return false;
  const json = accept.indexOf('application/json');
  return json < 0 || html < json;
}

/** The details page shares its path with the vehicle's JSON endpoint (the route below answers both). */
const VEHICLE_ROUTE = VehiclePaths.detail.pattern;

/**
 * Serves the built React app's files and its pages (uploaded images are storage/image-routes.ts's), rendered on the server when the renderer is built (web-render/, ADR 009). The spec's
 * details screen shares /api/vehicle/{id} with the JSON endpoint: a navigation gets the page (also
 * for a malformed id: the not-found page), anything else the JSON (ARCHITECTURE.md).
 */
export async function registerStaticApp(
  app: FastifyInstance,
  opts: {
    webDistDir: string;
    productName: string;
    mapStyleUrl?: string;
    publicUrl?: string;
    listingsVersion?: () => Promise<number>;
  },
): Promise<void> {
  // One URL, two answers (the JSON or the page, by Accept): both say so, or a shared cache could
  // hand a browser the JSON another client was sent, or a script the page.
  app.addHook('onSend', async (request, reply, payload) => {
    if (request.routeOptions.url === VEHICLE_ROUTE) appendVary(reply, 'Accept');
    return payload;
  });
  const distDir = path.resolve(opts.webDistDir);
  if (!existsSync(path.join(distDir, 'index.html'))) {
    // No web build (API-only tests, `npm run dev` before a build): the API alone.
    app.get('/*', { config: { access: 'public' } }, async (_request, reply) => reply.callNotFound());
    return;
  }
  const pages = await createPageServer(app, {
    distDir,
    productName: opts.productName,
    mapStyleUrl: opts.mapStyleUrl,
    publicUrl: opts.publicUrl,
    listingsVersion: opts.listingsVersion,
  });

  await app.register(fastifyStatic, {
    root: distDir,
    prefix: '/',
    index: false,
    wildcard: false,
    // The build writes .br and .gz beside every text asset; they are sent as they are.
    preCompressed: true,
    // The build's manifest is for the server, not for visitors.
    allowedPath: (pathName) => !pathName.startsWith('/.vite/'),
    setHeaders: (res, filePath) => {
      if (filePath.includes(`${path.sep}assets${path.sep}`)) res.header('Cache-Control', 'public, max-age=31536000, immutable');
    },
  });

  app.addHook('onRequest', async (request, reply) => {
    if (request.method === 'GET' && request.routeOptions.url === VEHICLE_ROUTE && prefersHtml(request)) {
      return pages.send(request, reply);
    }
  });

  // Every other GET that is not an API, image or hub path is a page of the app.
  app.get('/*', { config: { access: 'public' } }, async (request, reply) => {
    const url = request.url.toLowerCase();
    if (url.startsWith(API_PREFIX) || url.startsWith('/images/') || url.startsWith(`${ChatPaths.hub}/`)) {
      return reply.callNotFound();
    }
    return pages.send(request, reply);
  });
}
