import os from 'node:os';
import { z } from 'zod';

/** The only reader of process.env. Every setting is listed in the README's configuration table. */
const boolish = z.enum(['true', 'false', '1', '0']).transform((v) => v === 'true' || v === '1');

const EnvSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  HOST: z.string().default('0.0.0.0'),
  PORT: z.coerce.number().int().min(0).max(65535).default(8080),
  PRODUCT_NAME: z.string().min(1).default('RentDrive'),
  /**
   * The site's public address (scheme, host and port, e.g. https://rentdrive.example): the origin of
   * absolute URLs in pages (canonical, og:url, JSON-LD), robots.txt and the sitemap. Unset: the
   * address each request was made to.
   */
  PUBLIC_URL: z
    .string()
    .url()
    .refine((v) => /^https?:/i.test(v), 'must be an http(s) URL')
    .optional(),
  /** PostgreSQL server; when absent the embedded PGlite database under DATA_DIR is used. */
  DATABASE_URL: z.string().url().optional(),
  DATA_DIR: z.string().default('./data'),
  UPLOAD_DIR: z.string().optional(),
  /** Where uploaded images live: the local UPLOAD_DIR, or an S3-compatible bucket shared by every instance. */
  STORAGE: z.enum(['local', 's3']).default('local'),
  S3_BUCKET: z.string().optional(),
  /** Unset: AWS S3 itself. Set for R2, MinIO, Ceph RGW, Swift's s3api... */
  S3_ENDPOINT: z.string().url().optional(),
  S3_REGION: z.string().min(1).default('us-east-1'),
  /** Both or neither; neither means the SDK's own chain (environment, instance role...). */
  S3_ACCESS_KEY_ID: z.string().optional(),
  S3_SECRET_ACCESS_KEY: z.string().optional(),
  S3_FORCE_PATH_STYLE: boolish.default(false),
  /** Key prefix inside the bucket ('rentdrive/'), so one bucket can hold several deployments. */
  S3_PREFIX: z
    .string()
    .regex(/^([A-Za-z0-9][A-Za-z0-9._-]*\/)*$/, 'a prefix like "rentdrive/" (ends with a slash)')
    .default(''),
  /** When set, /images/... answers a redirect to <S3_PUBLIC_URL>/<prefix><key> instead of streaming the bytes. */
  S3_PUBLIC_URL: z.string().url().optional(),
  /** Enables cross-instance chat delivery and presence. */
  REDIS_URL: z.string().optional(),
  /**
   * Starts every Redis key and channel of this deployment (limits, the sign-in lock, presence, the
   * chat backplane), so deployments sharing one Redis never see each other's: letters, digits and
   * `_-.:` only.
   */
  /**
   * Load shedding: while the event loop's mean delay passes this many ms, requests are answered 503
   * with Retry-After and /api/ready says so. Off (0) by default: set it (1000 is a good start) where
   * a balancer can send the shed requests to another instance.
   */
  EVENT_LOOP_DELAY_LIMIT_MS: z.coerce.number().int().min(0).default(0),
  /**
   * Prometheus metrics (GET /metrics) on a port of their own, never the public one; unset: no metrics
   * endpoint at all. METRICS_HOST is where it listens (default HOST).
   */
  METRICS_PORT: z.coerce.number().int().min(0).max(65535).optional(),
  METRICS_HOST: z.string().optional(),
  REDIS_PREFIX: z
    .string()
    .regex(/^[A-Za-z0-9_.:-]{1,64}$/, 'REDIS_PREFIX: 1 to 64 letters, digits or _ - . :')
    .default('rd'),
  /** Comma-separated origins allowed for CORS and state-changing requests (besides same-origin). */
  CORS_ORIGINS: z.string().default(''),
  /**
   * Proxies whose X-Forwarded-For is believed for the client address (rate limits key on it): empty
   * = none (directly exposed), or comma-separated proxy IPs/CIDRs ('loopback', '10.0.0.0/8').
   * `true` believes every hop, which lets a client pick its own address.
   */
  TRUST_PROXY: z.string().default(''),
  /** Marketplace time zone used to decide what "today" is. */
  TIME_ZONE: z.string().default('UTC'),
  SESSION_TTL_DAYS: z.coerce.number().int().min(1).default(30),
  COOKIE_SECURE: boolish.default(false),
  SEED_DEMO_DATA: boolish.default(true),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  AUTH_RATE_LIMIT_PER_MINUTE: z.coerce.number().int().min(1).default(20),
  /** Failed sign-ins in a row, from any address, after which one account is locked for a while. */
  LOGIN_LOCK_AFTER_FAILURES: z.coerce.number().int().min(1).default(5),
  /** The first lock; each further failure doubles it, up to LOGIN_LOCK_MAX_SECONDS. */
  LOGIN_LOCK_SECONDS: z.coerce.number().int().min(1).default(60),
  LOGIN_LOCK_MAX_SECONDS: z.coerce.number().int().min(1).default(900),
  /** Images decoded and re-encoded at once (default: half the CPU cores, at least 1). */
  IMAGE_CONCURRENCY: z.coerce.number().int().min(1).optional(),
  /** Images waiting for their turn beyond which uploads are answered 503 (busy). */
  IMAGE_QUEUE_MAX: z.coerce.number().int().min(0).default(32),
  /** Where images are decoded: a child process at the lowest CPU priority (ADR 012), or the server's own process. */
  IMAGE_WORKER: z.enum(['process', 'inline']).default('process'),
  /** Pixels all the images of one upload request may have together, in megapixels. */
  UPLOAD_MAX_MEGAPIXELS_PER_REQUEST: z.coerce.number().min(1).default(200),
  /** Vehicle create/edit requests one user may send per hour. */
  UPLOAD_RATE_LIMIT_PER_HOUR: z.coerce.number().int().min(1).default(30),
  /** Live vehicles one user may list (0: no cap). Company property, listed by employees, is not counted. */
  MAX_VEHICLES_PER_USER: z.coerce.number().int().min(0).default(50),
  /**
   * Image objects no row names (left by a crash between writing an upload and committing it, or a
   * failed delete) are removed every this many minutes, and once at start-up; 0: never. Default 360,
   * 0 under NODE_ENV=test.
   */
  IMAGE_SWEEP_INTERVAL_MINUTES: z.coerce.number().min(0).optional(),
  /** Only objects older than this are swept; an upload is refused if it holds its images half as long. */
  IMAGE_SWEEP_GRACE_SECONDS: z.coerce.number().int().min(1).default(3600),
  /**
   * Outgoing mail server (issue 25, ADR 020): smtp://user:pass@host:587 (STARTTLS when offered) or
   * smtps://...:465. Unset: nothing leaves the machine; messages are kept for the development mailbox.
   */
  SMTP_URL: z
    .string()
    .refine((v) => /^smtps?:\/\/[^\s]+$/i.test(v), 'an smtp:// or smtps:// URL')
    .optional(),
  /** The sender of every message ('RentDrive <no-reply@rentdrive.example>'). */
  MAIL_FROM: z.string().min(3).default('RentDrive <no-reply@rentdrive.invalid>'),
  /** Tries after a failed delivery (backoff doubling from MAIL_RETRY_DELAY_SECONDS) before 'failed'. */
  MAIL_RETRY_LIMIT: z.coerce.number().int().min(0).default(6),
  MAIL_RETRY_DELAY_SECONDS: z.coerce.number().int().min(1).default(30),
  /** How often an idle mail worker looks for queued messages (pg-boss polls); default 2, 0.5 under test. */
  MAIL_POLL_INTERVAL_SECONDS: z.coerce.number().min(0.5).max(600).optional(),
  /** Renting and listing need a verified e-mail address (issue 25); off by default. */
  REQUIRE_VERIFIED_EMAIL: boolish.default(false),
  COMPANY_FEE_PERCENT: z.coerce.number().min(0).max(100).default(20),
  AUTO_COMPLETE_AFTER_DAYS: z.coerce.number().int().min(0).default(3),
  /** Days after completion when a rental's deposit returns to the renter, unless the owner opened a damage claim (issue 27). */
  DEPOSIT_RELEASE_DAYS: z.coerce.number().int().min(1).max(60).default(3),
  WEB_DIST_DIR: z.string().default('apps/web/dist'),
  /**
   * The maps' style (issue 26, ADR 021): a hosted MapLibre style (vector tiles), e.g. the operator's
   * Protomaps basemap. Unset: the web app's embedded basemap, which needs no network.
   */
  MAP_STYLE_URL: z.url({ protocol: /^https?$/ }).optional(),
  /** Registers /api/test/* hooks for the e2e suite (e.g. moving a rental into the past). Never in real use. */
  E2E_TEST_HOOKS: boolish.default(false),
  RESPONSE_CHECKS: z.enum(['fail', 'log', 'off']).optional(),
});

export type Env = z.infer<typeof EnvSchema>;

/** The image store the configuration names (storage/create-object-store.ts builds it). */
export type StorageConfig =
  | { driver: 'local'; uploadDir: string }
  | {
      driver: 's3';
      bucket: string;
      endpoint: string | undefined;
      region: string;
      credentials: { accessKeyId: string; secretAccessKey: string } | undefined;
      forcePathStyle: boolean;
      prefix: string;
      publicUrl: string | undefined;
    };

export interface AppConfig {
  env: Env['NODE_ENV'];
  host: string;
  port: number;
  productName: string;
  /** Origin of absolute URLs (PUBLIC_URL); undefined: the request's own. */
  publicUrl: string | undefined;
  databaseUrl: string | undefined;
  dataDir: string;
  uploadDir: string;
  storage: StorageConfig;
  redisUrl: string | undefined;
  /** EVENT_LOOP_DELAY_LIMIT_MS: shed load above this event loop delay; 0 = off. */
  eventLoopDelayLimitMs: number;
  /** METRICS_PORT/METRICS_HOST: the metrics endpoint's own port; undefined: no metrics at all. */
  metrics: { port: number; host: string } | undefined;
  /** REDIS_PREFIX: the start of every Redis key and channel ('rd'). */
  redisPrefix: string;
  corsOrigins: string[];
  /** MAP_STYLE_URL: the maps' hosted style; undefined: the embedded basemap. */
  mapStyleUrl?: string;
  trustProxy: boolean | string;
  timeZone: string;
  sessionTtlDays: number;
  cookieSecure: boolean;
  seedDemoData: boolean;
  logLevel: Env['LOG_LEVEL'];
  authRateLimitPerMinute: number;
  loginLock: { lockAfterFailures: number; lockMs: number; maxLockMs: number };
  uploads: {
    imageConcurrency: number;
    imageQueueMax: number;
    imageWorker: 'process' | 'inline';
    maxPixelsPerRequest: number;
    ratePerHour: number;
    maxVehiclesPerUser: number;
    /**
     * An upload whose first image was stored longer ago than this is refused before it commits
     * (half the sweep's grace), so the sweeper never takes the images of an upload in progress.
     */
    maxHoldMs: number;
  };
  /** The orphan image sweep (modules/vehicles/image-sweep.ts). */
  imageSweep: { intervalMs: number; graceMs: number };
  companyFeePercent: number;
  /** E-mail (ADR 020): smtpUrl undefined keeps messages for the development mailbox. */
  mail: { smtpUrl: string | undefined; from: string; retryLimit: number; retryDelaySeconds: number; pollingIntervalSeconds: number };
  /** REQUIRE_VERIFIED_EMAIL: renting and listing refused (403) until the account's address is verified. */
  requireVerifiedEmail: boolean;
  autoCompleteAfterDays: number;
  /** DEPOSIT_RELEASE_DAYS: the window in which an owner may open a damage claim; then the deposit is released. */
  depositReleaseDays: number;
  webDistDir: string;
  e2eTestHooks: boolean;
  /** Responses checked against their schemas: 'fail' in test and development, 'log' in production. */
  responseCheck: 'fail' | 'log' | 'off';
}

export function loadConfig(source: NodeJS.ProcessEnv = process.env): AppConfig {
  const parsed = EnvSchema.safeParse(source);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`);
    throw new Error(`Invalid environment:\n${lines.join('\n')}`);
  }
  const e = parsed.data;
  const problems = storageProblems(e);
  if (problems.length > 0) throw new Error(`Invalid environment:\n${problems.map((p) => `  ${p}`).join('\n')}`);
  const uploadDir = e.UPLOAD_DIR ?? `${e.DATA_DIR}/uploads`;
  return {
    env: e.NODE_ENV,
    host: e.HOST,
    port: e.PORT,
    productName: e.PRODUCT_NAME,
    publicUrl: e.PUBLIC_URL ? new URL(e.PUBLIC_URL).origin : undefined,
    databaseUrl: e.DATABASE_URL,
    dataDir: e.DATA_DIR,
    uploadDir,
    storage: storageConfig(e, uploadDir),
    redisUrl: e.REDIS_URL || undefined,
    redisPrefix: e.REDIS_PREFIX,
    eventLoopDelayLimitMs: e.EVENT_LOOP_DELAY_LIMIT_MS,
    metrics: e.METRICS_PORT === undefined ? undefined : { port: e.METRICS_PORT, host: e.METRICS_HOST ?? e.HOST },
    corsOrigins: e.CORS_ORIGINS.split(',')
      .map((s) => s.trim())
      .filter(Boolean),
    mapStyleUrl: e.MAP_STYLE_URL,
    trustProxy: parseTrustProxy(e.TRUST_PROXY),
    timeZone: e.TIME_ZONE,
    sessionTtlDays: e.SESSION_TTL_DAYS,
    cookieSecure: e.COOKIE_SECURE,
    seedDemoData: e.SEED_DEMO_DATA,
    logLevel: e.LOG_LEVEL,
    authRateLimitPerMinute: e.AUTH_RATE_LIMIT_PER_MINUTE,
    loginLock: {
      lockAfterFailures: e.LOGIN_LOCK_AFTER_FAILURES,
      lockMs: e.LOGIN_LOCK_SECONDS * 1000,
      maxLockMs: Math.max(e.LOGIN_LOCK_SECONDS, e.LOGIN_LOCK_MAX_SECONDS) * 1000,
    },
    uploads: {
      imageConcurrency: e.IMAGE_CONCURRENCY ?? Math.max(1, Math.floor(os.availableParallelism() / 2)),
      imageQueueMax: e.IMAGE_QUEUE_MAX,
      imageWorker: e.IMAGE_WORKER,
      maxPixelsPerRequest: Math.round(e.UPLOAD_MAX_MEGAPIXELS_PER_REQUEST * 1_000_000),
      ratePerHour: e.UPLOAD_RATE_LIMIT_PER_HOUR,
      maxVehiclesPerUser: e.MAX_VEHICLES_PER_USER,
      maxHoldMs: (e.IMAGE_SWEEP_GRACE_SECONDS * 1000) / 2,
    },
    imageSweep: {
      intervalMs: Math.round((e.IMAGE_SWEEP_INTERVAL_MINUTES ?? (e.NODE_ENV === 'test' ? 0 : 360)) * 60_000),
      graceMs: e.IMAGE_SWEEP_GRACE_SECONDS * 1000,
    },
    companyFeePercent: e.COMPANY_FEE_PERCENT,
    mail: {
      smtpUrl: e.SMTP_URL,
      from: e.MAIL_FROM,
      retryLimit: e.MAIL_RETRY_LIMIT,
      retryDelaySeconds: e.MAIL_RETRY_DELAY_SECONDS,
      pollingIntervalSeconds: e.MAIL_POLL_INTERVAL_SECONDS ?? (e.NODE_ENV === 'test' ? 0.5 : 2),
    },
    requireVerifiedEmail: e.REQUIRE_VERIFIED_EMAIL,
    autoCompleteAfterDays: e.AUTO_COMPLETE_AFTER_DAYS,
    depositReleaseDays: e.DEPOSIT_RELEASE_DAYS,
    webDistDir: e.WEB_DIST_DIR,
    e2eTestHooks: e.E2E_TEST_HOOKS,
    responseCheck: e.RESPONSE_CHECKS ?? (e.NODE_ENV === 'production' ? 'log' : 'fail'),
  };
}

function storageProblems(e: Env): string[] {
  const problems: string[] = [];
  if (e.STORAGE === 's3' && !e.S3_BUCKET) problems.push('S3_BUCKET: required when STORAGE=s3');
  // Below a minute an upload still being received could lose its images; tests use seconds.
  if (e.NODE_ENV !== 'test' && e.IMAGE_SWEEP_GRACE_SECONDS < 60) problems.push('IMAGE_SWEEP_GRACE_SECONDS: at least 60');
  // Links in mail that leaves the machine must not take their host from a request's Host header.
  if (e.SMTP_URL && !e.PUBLIC_URL && e.NODE_ENV === 'production') problems.push('PUBLIC_URL: required when SMTP_URL is set');
  if (Boolean(e.S3_ACCESS_KEY_ID) !== Boolean(e.S3_SECRET_ACCESS_KEY)) {
    problems.push('S3_ACCESS_KEY_ID, S3_SECRET_ACCESS_KEY: set both or neither');
  }
  return problems;
}

function storageConfig(e: Env, uploadDir: string): StorageConfig {
  if (e.STORAGE === 'local') return { driver: 'local', uploadDir };
  return {
    driver: 's3',
    bucket: e.S3_BUCKET!,
    endpoint: e.S3_ENDPOINT,
    region: e.S3_REGION,
    credentials:
      e.S3_ACCESS_KEY_ID && e.S3_SECRET_ACCESS_KEY
        ? { accessKeyId: e.S3_ACCESS_KEY_ID, secretAccessKey: e.S3_SECRET_ACCESS_KEY }
        : undefined,
    forcePathStyle: e.S3_FORCE_PATH_STYLE,
    prefix: e.S3_PREFIX,
    publicUrl: e.S3_PUBLIC_URL?.replace(/\/+$/, ''),
  };
}

function parseTrustProxy(value: string): boolean | string {
  const v = value.trim();
  if (v === '' || v === 'false') return false;
  if (v === 'true') return true;
  return v;
}
