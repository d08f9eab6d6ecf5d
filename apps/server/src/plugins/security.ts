import cors from '@fastify/cors';
import helmet from '@fastify/helmet';
import type { FastifyInstance } from 'fastify';
import { ErrorCode } from '@rentdrive/contracts/errors';
import { sendProblem } from './error-handler';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * Security headers with a real Content-Security-Policy, CORS for the allow-listed origins (with
 * credentials, for a web client served elsewhere), the Origin check (a state-changing request
 * whose Origin is present and neither this host nor allow-listed is refused, 403) and no caching of
 * what a signed-in caller is answered.
 */
export async function registerSecurity(app: FastifyInstance, corsOrigins: string[], mapStyleUrl?: string): Promise<void> {
  // A hosted map style (MAP_STYLE_URL, issue 26) is fetched with its tiles, glyphs and sprites from its origin.
  const mapOrigin = mapStyleUrl ? [new URL(mapStyleUrl).origin] : [];
  await app.register(helmet, {
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:', 'https://*.tile.openstreetmap.org', ...mapOrigin],
        connectSrc: ["'self'", 'ws:', 'wss:', ...mapOrigin],
        fontSrc: ["'self'", 'data:'],
        frameSrc: ['https://www.openstreetmap.org'],
        objectSrc: ["'none'"],
        baseUri: ["'self'"],
        formAction: ["'self'"],
        frameAncestors: ["'none'"],
      },
    },
    crossOriginEmbedderPolicy: false,
    crossOriginResourcePolicy: { policy: 'same-site' },
  });

  await app.register(cors, {
    origin: (origin, cb) => cb(null, !origin || corsOrigins.includes(origin)),
    credentials: true,
    methods: ['GET', 'HEAD', 'POST', 'PUT', 'DELETE', 'OPTIONS'],
    exposedHeaders: ['Location'],
    // An OPTIONS request without the preflight headers gets a plain 204 without any grant, rather
    // than the plugin's text/plain 400 (every refusal here is problem+json).
    strictPreflight: false,
  });

  app.addHook('onRequest', async (request, reply) => {
    if (SAFE_METHODS.has(request.method)) return;
    const origin = request.headers.origin;
    if (!origin) return;
    if (corsOrigins.includes(origin)) return;
    // request.host reads X-Forwarded-Host only from a proxy TRUST_PROXY names.
    const host = request.host;
    try {
      if (new URL(origin).host === host) return;
    } catch {
      // an unparsable Origin is not allowed
    }
    return sendProblem(reply, { status: 403, code: ErrorCode.OriginNotAllowed, detail: 'Requests from this origin are not allowed.' });
  });

  // What a signed-in caller is answered (wallet history, rentals, chats, profile...) is theirs alone:
  // neither the browser's cache nor a shared one may keep it. One hook, so no route can forget it;
  // only a route that marked its answer public (the same for everybody) keeps its caching.
  app.addHook('onSend', async (request, reply, payload) => {
    if (request.user && !/\bpublic\b/i.test(String(reply.getHeader('cache-control') ?? ''))) reply.header('cache-control', 'no-store');
    return payload;
  });
}
