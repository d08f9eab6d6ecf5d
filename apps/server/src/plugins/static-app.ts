import { existsSync, mkdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyRequest } from 'fastify';

/** Whether a request is a browser navigation: its Accept prefers text/html over JSON. */
export function prefersHtml(request: FastifyRequest): boolean {
  const accept = request.headers.accept ?? '';
  const html = accept.indexOf('text/html');
  if (html < 0) return false;
  const json = accept.indexOf('application/json');
  return json < 0 || html < json;
}

const VEHICLE_PAGE = /^\/api\/vehicle\/[0-9a-f-]{36}\/?(\?.*)?$/i;

/**
 * Serves uploaded images at /images (long cache, nosniff) and the built React app with an
 * index.html fallback. The spec's details screen shares /api/vehicle/{id} with the JSON endpoint:
 * a navigation gets the app, anything else the JSON (ARCHITECTURE.md).
 */
export async function registerStaticApp(
  app: FastifyInstance,
  opts: { webDistDir: string; uploadDir: string; productName: string },
): Promise<void> {
  mkdirSync(opts.uploadDir, { recursive: true });
  await app.register(fastifyStatic, {
    root: path.resolve(opts.uploadDir),
    prefix: '/images/',
    decorateReply: false,
    index: false,
    immutable: true,
    maxAge: '365d',
    setHeaders: (res) => {
      res.header('X-Content-Type-Options', 'nosniff');
    },
  });

  const distDir = path.resolve(opts.webDistDir);
  const indexFile = path.join(distDir, 'index.html');
  const hasApp = existsSync(indexFile);
  let indexHtml: string | undefined;
  // The product name is configuration: the built page says RentDrive and is rewritten once here.
  const readIndex = () => (indexHtml ??= readFileSync(indexFile, 'utf8').replaceAll('RentDrive', escapeHtml(opts.productName)));

  if (hasApp) {
    await app.register(fastifyStatic, {
      root: distDir,
      prefix: '/',
      index: false,
      wildcard: false,
      // The build writes .br and .gz beside every text asset; they are sent as they are.
      preCompressed: true,
      setHeaders: (res, filePath) => {
        if (filePath.includes(`${path.sep}assets${path.sep}`)) res.header('Cache-Control', 'public, max-age=31536000, immutable');
      },
    });
  }

  app.addHook('onRequest', async (request, reply) => {
    if (request.method !== 'GET' || !hasApp) return;
    if (VEHICLE_PAGE.test(request.url) && prefersHtml(request)) {
      return reply.type('text/html; charset=utf-8').header('Cache-Control', 'no-cache').send(readIndex());
    }
  });

  // Every other GET that is not an API, image or hub path is a client-side route.
  app.get('/*', async (request, reply) => {
    const url = request.url.toLowerCase();
    if (!hasApp || url.startsWith('/api/') || url.startsWith('/images/') || url.startsWith('/chat/')) {
      return reply.callNotFound();
    }
    return reply.type('text/html; charset=utf-8').header('Cache-Control', 'no-cache').send(readIndex());
  });
}

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}
