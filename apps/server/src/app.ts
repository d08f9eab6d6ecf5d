import cookie from '@fastify/cookie';
import rateLimit from '@fastify/rate-limit';
import Fastify, { type FastifyInstance } from 'fastify';
import { Redis } from 'ioredis';
import { ChatMessages } from '@rentdrive/contracts/chat';
import { ErrorCode } from '@rentdrive/contracts/errors';
import { NotificationClientMethods } from '@rentdrive/contracts/notifications';
import type { AppConfig } from './config/env';
import type { Database } from './db/client';
import { systemClock, type Clock } from './lib/clock';
import { createImageProcessor, type ImageProcessor } from './lib/images';
import type { PaymentGateway } from './lib/payment-gateway';
import { createMemoryRateLimitStore, createRateLimiter, createRedisRateLimitStore, type RateLimitRule } from './lib/rate-limit';
import { siteOrigin } from './lib/site-origin';
import { registerAccountRecoveryRoutes } from './modules/account/account-recovery.routes';
import { registerAccountRoutes } from './modules/account/account.routes';
import { lockedSignInAttempts } from './modules/account/login-throttle';
import { createRedisLoginThrottleStore } from './modules/account/login-throttle';
import { registerAccountData } from './modules/account-data/account-data.module';
import { registerAudit } from './modules/audit/audit.module';
import { registerAvailabilityRoutes } from './modules/availability/availability.routes';
import { registerBaseRoutes } from './modules/base/base.routes';
import { registerCatalogueRoutes } from './modules/catalogue/catalogue.routes';
import { chatHubDefinition } from './modules/chat/chat.hub';
import { registerChatRoutes } from './modules/chat/chat.routes';
import { createChatService } from './modules/chat/chat.service';
import { registerClaims } from './modules/claims/claims.module';
import { registerContactRoutes } from './modules/contact/contact.routes';
import { registerDashboard } from './modules/dashboard/dashboard.module';
import { registerFavouritesRoutes } from './modules/favourites/favourites.routes';
import { registerHealthRoutes } from './modules/health/health.routes';
import { registerLocation } from './modules/location/location.module';
import { createChatDigest, startChatDigestJob } from './modules/mail/chat-digest';
import { registerDevMailboxRoutes } from './modules/mail/dev-mailbox.routes';
import { registerMailUnsubscribeRoutes } from './modules/mail/mail-unsubscribe.routes';
import { createMetrics } from './modules/metrics/metrics';
import { registerModeration } from './modules/moderation/moderation.module';
import { registerNotificationsRoutes } from './modules/notifications/notifications.routes';
import { startAutoCompleteJob } from './modules/rentals/auto-complete.job';
import { registerRentalsRoutes } from './modules/rentals/rentals.routes';
import { registerReviewsRoutes } from './modules/reviews/reviews.routes';
import { registerDataVersion } from './modules/search/data-version';
import { createSearch } from './modules/search/search.module';
import { registerSearchRoutes } from './modules/search/search.routes';
import { registerSeoRoutes } from './modules/seo/seo.routes';
import { createSeoService } from './modules/seo/seo.service';
import { createImageSweepJob, sweepOrphanImages, type ImageSweepJob } from './modules/vehicles/image-sweep';
import { registerVehiclesRoutes } from './modules/vehicles/vehicles.routes';
import { createVehiclesService } from './modules/vehicles/vehicles.service';
import { ledgerHolds } from './modules/wallet/ledger-invariants';
import { registerWalletRoutes } from './modules/wallet/wallet.routes';
import { registerApiDocs } from './plugins/api-docs';
import { registerCompression } from './plugins/compression';
import { registerErrorHandler, sendProblem } from './plugins/error-handler';
import { registerJsonBody } from './plugins/json-body';
import { registerLoadShedding } from './plugins/load-shedding';
import { loggerOptions, type LogDestination } from './plugins/logging';
import { registerQueryBounds } from './plugins/query-bounds';
import { enforceRouteAccess, recordRoutes } from './plugins/route-access';
import { registerSecurity } from './plugins/security';
import { registerSession } from './plugins/session';
import { registerStaticApp } from './plugins/static-app';
import { useZodSchemas } from './plugins/zod-schemas';
import type { Hub } from './realtime/hub';
import { createRealtimeServer, type RealtimeOptions } from './realtime/realtime-server';
import { createServices, type Services } from './services';
import { createObjectStore } from './storage/create-object-store';
import { registerImageRoutes } from './storage/image-routes';
import type { ObjectStore } from './storage/object-store';

/** Replacements tests and benchmarks may pass; production uses the defaults. */
export interface AppOverrides {
  /** The card processor (default: the built-in test gateway that approves valid test cards). */
  paymentGateway?: PaymentGateway;
  /** Messages one user may send per window (default: 20 per 10 s). */
  chatRateLimit?: { maxMessages: number; windowMs: number };
  /** Prefix of the rate-limit keys in Redis (default '<REDIS_PREFIX>:limits'; tests isolate their runs). */
  limitsKeyPrefix?: string;
  /** Realtime timeouts and the Redis key prefix (tests shorten or isolate them). */
  realtimeOptions?: Partial<RealtimeOptions>;
  /** Where log lines go (tests read them); default stdout. */
  logDestination?: LogDestination;
  /** The image store (default: the one STORAGE names, closed with the app); a caller's own is left open. */
  imageStore?: ObjectStore;
}

export interface BuildAppOptions {
  config: AppConfig;
  database: Database;
  clock?: Clock;
  overrides?: AppOverrides;
  /**
   * Routes only an entry point outside production adds (the end-to-end suite's time travel, see
   * apps/server/test/e2e-server.ts), registered with the other routes.
   */
  extraRoutes?: (app: FastifyInstance, services: Services) => void;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** Tests and benchmarks reach the chat hub (to drop a transport, count connections) through the app. */
    chatHub: Hub;
    /** Where uploaded images live; the demo seed writes its pictures there too. */
    imageStore: ObjectStore;
    /** The upload image pool; tests reach its worker process (to stop it) through the app. */
    imageProcessor: ImageProcessor;
    /** The orphan image sweep: scheduled when IMAGE_SWEEP_INTERVAL_MINUTES > 0; run() sweeps now. */
    imageSweep: ImageSweepJob;
    /** Prometheus metrics when METRICS_PORT is set (served on that port by start-server.ts, ADR 024). */
    metrics: import('prom-client').Registry | undefined;
  }
}

/**
 * Builds the whole application and never listens. Every service is constructed here, once, from
 * exactly what it needs; then the plugins and routes are registered with the services they call.
 */
export async function buildApp({
  config,
  database,
  clock = systemClock,
  overrides = {},
  extraRoutes,
}: BuildAppOptions): Promise<FastifyInstance> {
  const app = Fastify({
    logger: loggerOptions(config.logLevel, overrides.logDestination),
    routerOptions: { caseSensitive: false, ignoreTrailingSlash: true, maxParamLength: 500 },
    bodyLimit: 1_048_576,
    trustProxy: config.trustProxy,
    // The router refuses a malformed escape (400) or an over-long path parameter (414) before any hook
    // runs; those answers are problem+json like every other refusal.
    frameworkErrors: (error, _request, reply) => {
      const status = error.statusCode === 414 ? 414 : error.statusCode === 400 ? 400 : 500;
      const detail = status === 414 ? 'The address is too long.' : status === 400 ? 'The address is not valid.' : 'Something went wrong.';
      void sendProblem(reply, { status, title: status === 414 ? 'URI Too Long' : undefined, code: ErrorCode.ValidationFailed, detail });
    },
    // Our JSON parser refuses these too (see plugins/json-body.ts); said here for any other parser.
    onProtoPoisoning: 'error',
    onConstructorPoisoning: 'error',
  });
  const { db } = database;

  // Limits: counted in Redis when it is configured, so every instance counts against the same
  // limit; in this process otherwise. The per-account login throttle falls back to the database,
  // which every instance shares as well.
  const limitsRedis = config.redisUrl ? new Redis(config.redisUrl, { maxRetriesPerRequest: 2, lazyConnect: true }) : undefined;
  if (limitsRedis) {
    limitsRedis.on('error', (error) => app.log.error({ err: error }, 'rate limits: redis'));
    app.addHook('onClose', async () => void (await limitsRedis.quit().catch(() => limitsRedis.disconnect())));
  }
  const limitsKeyPrefix = overrides.limitsKeyPrefix ?? `${config.redisPrefix}:limits`;
  const limitStore = limitsRedis ? createRedisRateLimitStore(limitsRedis, limitsKeyPrefix) : createMemoryRateLimitStore();
  const limiter = (rule: RateLimitRule) => createRateLimiter(limitStore, clock, rule);
  const tooManyAttempts = 'Too many attempts from your network. Please wait a minute and try again.';
  const authLimit = { max: config.authRateLimitPerMinute, windowMs: 60_000, detail: tooManyAttempts };
  const chatLimit = overrides.chatRateLimit ?? { maxMessages: 20, windowMs: 10_000 };

  await registerPlugins(app, config, limitsRedis && { redis: limitsRedis, keyPrefix: limitsKeyPrefix });

  // The domain services (services.ts, shared with the demo seed). The realtime server and its hub are
  // created below and reached only once a session ends or a notification is pushed.
  const services = createServices(config, database, clock, {
    paymentGateway: overrides.paymentGateway,
    onSessionsEnded: (sessionIds) => realtime.endSessions(sessionIds),
    pushNotification: (userId, payload) => chatHub.sendToUser(userId, NotificationClientMethods.receiveNotification, [payload]),
    onError: (error, during) => app.log.error({ err: error }, `${during} failed`),
    loginThrottleStore: limitsRedis ? createRedisLoginThrottleStore(limitsRedis, limitsKeyPrefix) : undefined,
    limitStore,
    deliverMail: true,
  });
  const { sessions, notifications, wallet, account, catalogue, contact, rentals, reviews, availability, favourites } = services;
  // Uploaded images: the local UPLOAD_DIR or an S3-compatible bucket every instance shares.
  const images = overrides.imageStore ?? createObjectStore(config.storage);
  if (!overrides.imageStore) app.addHook('onClose', () => images.close());
  app.decorate('imageStore', images);
  const vehicles = createVehiclesService({
    db,
    clock,
    timeZone: config.timeZone,
    images,
    onStoreError: (error, during) => app.log.error({ err: error }, `image store: ${during} failed`),
    maxVehiclesPerUser: config.uploads.maxVehiclesPerUser,
  });
  // Images are decoded in a child process at the lowest CPU priority (IMAGE_WORKER=process), started
  // on the first upload and stopped with the app.
  const imageProcessor = createImageProcessor({
    concurrency: config.uploads.imageConcurrency,
    maxWaiting: config.uploads.imageQueueMax,
    worker: config.uploads.imageWorker,
    onWorkerExit: (exit) =>
      app.log[exit.inFlight > 0 ? 'error' : 'warn'](
        exit,
        `image worker: ended (${exit.signal ?? `exit code ${exit.code}`}), restarted on the next upload`,
      ),
  });
  app.addHook('onClose', () => imageProcessor.close());
  app.decorate('imageProcessor', imageProcessor);
  const search = createSearch({
    database,
    clock,
    onError: (error, during) => app.log.error({ err: error }, `search index: ${during} failed`),
  });

  // HTTP: the session resolves the caller for every /api and /chat request; the API docs; then the
  // chat hub on the realtime server (SignalR protocol, Redis backplane when REDIS_URL is set).
  registerSession(app, { sessions, cookieSecure: config.cookieSecure });
  enforceRouteAccess(app);
  await registerApiDocs(app, { title: `${config.productName} API` });
  const realtime = createRealtimeServer(app, {
    sessions,
    corsOrigins: config.corsOrigins,
    trustProxy: config.trustProxy,
    options: { redisUrl: config.redisUrl, redisKeyPrefix: `${config.redisPrefix}:rt`, ...overrides.realtimeOptions },
    liveSessionIds: (sessionIds) => sessions.liveSessionIds(sessionIds),
  });
  const chat = createChatService({
    db,
    clock,
    sendRate: limiter({ name: 'chat-send', max: chatLimit.maxMessages, windowMs: chatLimit.windowMs, detail: ChatMessages.rateLimited }),
    notifications,
    // Presence is the hub's; the hub is created from the service just below and asked only later.
    onlineAmong: (userIds) => chatHub.onlineAmong(userIds),
  });
  const chatHub = realtime.createHub(chatHubDefinition(() => chat));
  app.decorate('chatHub', chatHub);

  // Metrics (METRICS_PORT set): an onResponse hook and gauges read at scrape time (modules/metrics/metrics.ts).
  const metricsSources = {
    ...{ database, search: () => search.stats(), hub: () => chatHub, images: imageProcessor, mailQueue: !!services.mailQueue },
    ...{ lockedSignInAttempts, checkLedger: () => ledgerHolds(db) },
  };
  app.decorate('metrics', config.metrics ? createMetrics(app, metricsSources) : undefined);

  // Routes: thin, each calls the service it is given.
  registerHealthRoutes(app, { database, readiness: [search.readiness] });
  registerBaseRoutes(app);
  registerContactRoutes(app, { service: contact });
  registerAccountRoutes(app, {
    service: account,
    loginRate: limiter({ name: 'login-ip', ...authLimit }),
    registerRate: limiter({ name: 'register-ip', ...authLimit }),
    // Mail after the fact: a verification link after registering, 'your password was changed' after a
    // change in Settings. A failure to write it is logged; the account change itself stands.
    afterRegister: (username, request) =>
      services.accountRecovery
        .registered(username, siteOrigin(request, config.publicUrl))
        .catch((error: unknown) => app.log.error({ err: error }, 'verification mail after registering failed')),
    afterPasswordChange: (userId, request) =>
      services.accountRecovery
        .passwordChanged(userId, siteOrigin(request, config.publicUrl))
        .catch((error: unknown) => app.log.error({ err: error }, 'password-changed mail failed')),
  });
  registerAccountRecoveryRoutes(app, {
    service: services.accountRecovery,
    clientRate: limiter({ name: 'account-mail-ip', ...authLimit }),
    publicUrl: config.publicUrl,
  });
  // The development mailbox lists what the outbox holds; never in production (ADR 020).
  if (config.env !== 'production') registerDevMailboxRoutes(app, services.mail);
  registerMailUnsubscribeRoutes(app, services.mail);
  registerCatalogueRoutes(app, catalogue);
  await registerVehiclesRoutes(app, {
    service: vehicles,
    images,
    uploads: { images: imageProcessor, maxPixelsPerRequest: config.uploads.maxPixelsPerRequest, maxHoldMs: config.uploads.maxHoldMs },
    uploadRate: limiter({
      name: 'upload',
      max: config.uploads.ratePerHour,
      windowMs: 3_600_000,
      detail: `You can send at most ${config.uploads.ratePerHour} vehicle listings or edits an hour. Please try again later.`,
    }),
  });
  registerImageRoutes(app, images);
  const dashboard = registerDashboard(app, { db, clock, config });
  registerSearchRoutes(app, search.service, (body, json) => dashboard.onSearch(body, json));
  registerDataVersion(app, { database, cookieSecure: config.cookieSecure });
  registerWalletRoutes(app, { wallet, clock });
  registerRentalsRoutes(app, rentals);
  registerAvailabilityRoutes(app, availability);
  extraRoutes?.(app, services);
  registerReviewsRoutes(app, reviews);
  registerFavouritesRoutes(app, favourites);
  registerLocation(app, { db, clock, warmGazetteer: config.env === 'production' });
  registerChatRoutes(app, chat);
  registerNotificationsRoutes(app, notifications);
  registerAudit(app, { db });
  registerAccountData(app, {
    ...{ db, clock, store: images, publicUrl: config.publicUrl, endSessions: (ids: string[]) => realtime.endSessions(ids) },
    deleteRate: limiter({ name: 'account-delete-ip', ...authLimit }),
  });
  registerModeration(app, { db, clock, config, services, limiter, hub: () => chatHub, endSessions: (ids) => realtime.endSessions(ids) });
  await registerClaims(app, {
    ...{ db, clock, config, services, images, hub: () => chatHub },
    uploads: { images: imageProcessor, maxPixelsPerRequest: config.uploads.maxPixelsPerRequest, maxHoldMs: config.uploads.maxHoldMs },
  });
  registerSeoRoutes(app, createSeoService({ db }), { publicUrl: config.publicUrl });

  // Background work. Route and service tests drive completion themselves with the manual clock; a
  // timer firing in the middle of a test would change what it observes.
  app.addHook('onClose', () => search.close());
  if (config.env !== 'test') {
    // Started once the server listens, so after the demo seed: a first run in the middle of a slow
    // seed would complete the past rentals the seed is about to confirm, and the start would fail.
    const jobs: { stop(): Promise<void> }[] = [];
    app.addHook('onListen', (done) => {
      if (jobs.length > 0) return done();
      jobs.push(startAutoCompleteJob(rentals, app.log, reviews));
      // Unread chat as one digest mail per user after 15 minutes away (issue 25, chat-digest.ts).
      const digest = createChatDigest({
        db,
        clock,
        mail: services.mail,
        productName: config.productName,
        onlineAmong: (userIds) => chatHub.onlineAmong(userIds),
        delayMs: 15 * 60_000,
      });
      jobs.push(
        startChatDigestJob(digest, config.publicUrl ?? `http://localhost:${config.port}`, (error) =>
          app.log.error({ err: error }, 'chat digest failed'),
        ),
      );
      done();
    });
    app.addHook('onClose', async () => {
      await Promise.all(jobs.map((job) => job.stop()));
    });
  }
  // Image objects no row names (a crash between an upload's writes and its commit): swept once the
  // app is ready (after the migrations; not awaited, so readiness does not wait), then every
  // IMAGE_SWEEP_INTERVAL_MINUTES, by one instance at a time (ADR 014).
  const imageSweep = createImageSweepJob(() => sweepOrphanImages({ database, store: images, graceMs: config.imageSweep.graceMs }), app.log);
  app.decorate('imageSweep', imageSweep);
  app.addHook('onReady', (done) => {
    imageSweep.start(config.imageSweep.intervalMs);
    done();
  });
  app.addHook('preClose', () => imageSweep.stop());
  // Mail delivery (SMTP_URL set): pg-boss's worker, its schema installed on start (ADR 020).
  const { mailQueue, mailTransport } = services;
  if (mailQueue) {
    app.addHook('onReady', () => mailQueue.start());
    app.addHook('preClose', async () => {
      await mailQueue.stop();
      mailTransport?.close();
    });
  }

  // Pages are rendered on the server and cached under the search index version (ADR 009).
  await registerStaticApp(app, {
    webDistDir: config.webDistDir,
    productName: config.productName,
    mapStyleUrl: config.mapStyleUrl,
    publicUrl: config.publicUrl,
    listingsVersion: () => search.service.dataVersion(),
  });
  return app;
}

/** Input and output handling, cookies, rate limits, errors and security headers. */
async function registerPlugins(
  app: FastifyInstance,
  config: AppConfig,
  limitsRedis: { redis: Redis; keyPrefix: string } | undefined,
): Promise<void> {
  // First: every route after this is recorded with its access declaration (see route-access.ts).
  recordRoutes(app);
  useZodSchemas(app, { responseCheck: config.responseCheck });
  registerJsonBody(app);
  registerQueryBounds(app);
  // Early: an overloaded instance answers 503 before any other work (see plugins/load-shedding.ts).
  await registerLoadShedding(app, { maxEventLoopDelayMs: config.eventLoopDelayLimitMs });
  // Before every route: compression attaches itself to routes as they are declared.
  await registerCompression(app);
  await app.register(cookie);
  // The per-route limits of @fastify/rate-limit (contact form, unknown routes) share Redis as well.
  await app.register(rateLimit, {
    global: false,
    ...(limitsRedis ? { redis: limitsRedis.redis, nameSpace: `${limitsRedis.keyPrefix}:route:` } : {}),
  });
  registerErrorHandler(app);
  await registerSecurity(app, config.corsOrigins, config.mapStyleUrl);
}
