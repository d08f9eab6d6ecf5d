import cookie from '@fastify/cookie';
import rateLimit from '@fastify/rate-limit';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import Fastify, { type FastifyInstance } from 'fastify';
import type { AppConfig } from './config/env';
import type { Database } from './db/client';
import { systemClock, type Clock } from './lib/clock';
import type { AppDeps } from './app-deps';
import { registerCompression } from './plugins/compression';
import { registerErrorHandler } from './plugins/error-handler';
import { registerSecurity } from './plugins/security';
import { registerSession } from './plugins/session';
import { registerStaticApp } from './plugins/static-app';
import { useZodSchemas, zodToOpenApi } from './plugins/zod-schemas';
import { createSessionService } from './modules/session/session.service';
import { registerHealthModule } from './modules/health/health.module';
import { registerAccountModule } from './modules/account/account.module';
import { registerBaseModule } from './modules/base/base.module';
import { registerContactModule } from './modules/contact/contact.module';
import { registerCatalogueModule } from './modules/catalogue/catalogue.module';
import { registerVehiclesModule } from './modules/vehicles/vehicles.module';
import { registerSearchModule } from './modules/search/search.module';
import { registerWalletModule } from './modules/wallet/wallet.module';
import { registerRentalsModule } from './modules/rentals/rentals.module';
import { registerReviewsModule } from './modules/reviews/reviews.module';
import { registerChatModule } from './modules/chat/chat.module';

export interface BuildAppOptions {
  config: AppConfig;
  database: Database;
  clock?: Clock;
  /** Extra dependencies tests inject (for example a payment gateway). */
  overrides?: Record<string, unknown>;
}

/** Builds the whole application: plugins and modules wired explicitly. Never listens. */
export async function buildApp({ config, database, clock = systemClock, overrides = {} }: BuildAppOptions): Promise<FastifyInstance> {
  const app = Fastify({
    logger: config.logLevel === 'silent' ? false : { level: config.logLevel, redact: ['req.headers.cookie', 'req.headers.authorization'] },
    routerOptions: { caseSensitive: false, ignoreTrailingSlash: true, maxParamLength: 500 },
    bodyLimit: 1_048_576,
    trustProxy: config.trustProxy,
  });

  useZodSchemas(app);
  registerJsonParsers(app);
  // Before every route: compression attaches itself to routes as they are declared.
  await registerCompression(app);
  await app.register(cookie);
  await app.register(rateLimit, { global: false });
  registerErrorHandler(app);
  await registerSecurity(app, config.corsOrigins);

  const sessions = createSessionService({ db: database.db, clock, ttlDays: config.sessionTtlDays });
  registerSession(app, { sessions, cookieSecure: config.cookieSecure });

  await app.register(swagger, {
    openapi: { info: { title: `${config.productName} API`, version: '1.0.0' } },
    transform: zodToOpenApi as never,
  });
  await app.register(swaggerUi, { routePrefix: '/api/docs' });

  const deps: AppDeps = { config, database, clock, sessions, services: { ...overrides } };
  await registerHealthModule(app, deps);
  await registerBaseModule(app, deps);
  await registerContactModule(app, deps);
  await registerCatalogueModule(app, deps);
  await registerVehiclesModule(app, deps);
  await registerSearchModule(app, deps);
  await registerWalletModule(app, deps);
  await registerAccountModule(app, deps);
  await registerRentalsModule(app, deps);
  await registerReviewsModule(app, deps);
  await registerChatModule(app, deps);

  await registerStaticApp(app, { webDistDir: config.webDistDir, uploadDir: config.uploadDir, productName: config.productName });
  return app;
}

/**
 * JSON bodies may be empty (the existing client posts `Content-Type: application/json` with no body
 * to logout, confirm and cancel), and a body-less POST may carry any content type.
 */
function registerJsonParsers(app: FastifyInstance): void {
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (_request, body, done) => {
    const text = (body as string).trim();
    if (text === '') return done(null, undefined);
    try {
      done(null, JSON.parse(text));
    } catch {
      const error = new SyntaxError('The request body is not valid JSON.') as SyntaxError & { statusCode: number };
      error.statusCode = 400;
      done(error, undefined);
    }
  });
  app.removeContentTypeParser('text/plain');
  app.addContentTypeParser('*', { parseAs: 'buffer' }, (_request, body, done) => {
    done(null, (body as Buffer).length === 0 ? undefined : body);
  });
}
