import { inArray, or } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../../db/client';
import { vehicleImages } from '../../db/schema/index';
import type { ObjectStore } from '../../storage/object-store';

/** The advisory lock one sweeping instance holds ('RDsweep1' in ASCII; the start-up lock is another). */
export const IMAGE_SWEEP_LOCK_KEY = '5927989966165864497';

/** Where vehicle images live, and the only names the sweep ever deletes: what writeImageVariants writes. */
const FOLDER = 'vehicles/';
const UUID = '[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}';
const IMAGE_KEY = new RegExp(`^vehicles/${UUID}(-thumb)?\\.webp$`);
/** Rows name objects by relative URL (images/<key>, see image-objects.ts). */
const URL_PREFIX = 'images/';

/** Keys looked up in one query. */
const LOOKUP_BATCH = 500;
/** Orphans removed by one run at most; a larger backlog goes in the next runs. Bounds the memory one run holds. */
const MAX_DELETES_PER_RUN = 20_000;

export interface ImageSweepReport {
  /** False when another instance was sweeping: this one did nothing. */
  ran: boolean;
  /** Objects listed under vehicles/. */
  listed: number;
  /** Younger than the grace period: possibly an upload in progress, kept. */
  fresh: number;
  /** Named by a row, kept. */
  referenced: number;
  /** Names the app never writes (put there by someone else), kept. */
  foreign: number;
  /** Orphans removed. */
  deleted: number;
}

export interface ImageSweepDeps {
  database: Database;
  store: ObjectStore;
  /** Objects written less than this long ago are never removed. */
  graceMs: number;
  /** Wall time, compared with the store's own write times (not the app's business clock). */
  now?: () => number;
  lookupBatch?: number;
}

/**
 * One sweep: lists vehicles/ in the store, asks the database which of the objects older than the
 * grace period a vehicle_images row names (a query per batch of keys), and removes the others.
 *
 * Fail closed: the orphans are only collected while listing and asking; the store is told to delete
 * them once every listing page and every query has answered. Any error before that (the database
 * down, a listing page refused) throws with nothing deleted. Only one instance sweeps at a time
 * (Database.runAlone); a second finds the lock held and reports ran: false. Two sweeps at once would
 * still be safe (each deletion is decided by a query that found no row); the lock saves the work.
 */
export async function sweepOrphanImages(deps: ImageSweepDeps): Promise<ImageSweepReport> {
  const outcome = await deps.database.runAlone(IMAGE_SWEEP_LOCK_KEY, () => sweepUnlocked(deps));
  return outcome.acquired ? outcome.result : { ran: false, listed: 0, fresh: 0, referenced: 0, foreign: 0, deleted: 0 };
}

async function sweepUnlocked({
  database,
  store,
  graceMs,
  now = Date.now,
  lookupBatch = LOOKUP_BATCH,
}: ImageSweepDeps): Promise<ImageSweepReport> {
  const report: ImageSweepReport = { ran: true, listed: 0, fresh: 0, referenced: 0, foreign: 0, deleted: 0 };
  const cutoff = now() - graceMs;
  const orphans: string[] = [];
  let candidates: string[] = [];

  const settle = async () => {
    if (candidates.length === 0) return;
    const named = await referencedKeys(database, candidates);
    for (const key of candidates) {
      if (named.has(key)) report.referenced += 1;
      else orphans.push(key);
    }
    candidates = [];
  };

  for await (const entry of store.list(FOLDER)) {
    report.listed += 1;
    if (!IMAGE_KEY.test(entry.key)) report.foreign += 1;
    else if (!(entry.lastModified.getTime() < cutoff)) report.fresh += 1;
    else candidates.push(entry.key);
    if (candidates.length >= lookupBatch) await settle();
    if (orphans.length >= MAX_DELETES_PER_RUN) break;
  }
  await settle();

  if (orphans.length > 0) {
    await store.delete(orphans);
    report.deleted = orphans.length;
  }
  return report;
}

/** Which of the keys a vehicle_images row names, as its large or its thumbnail variant. */
async function referencedKeys(database: Database, keys: readonly string[]): Promise<Set<string>> {
  const urls = keys.map((key) => URL_PREFIX + key);
  const rows = await database.db
    .select({ largePath: vehicleImages.largePath, thumbPath: vehicleImages.thumbPath })
    .from(vehicleImages)
    .where(or(inArray(vehicleImages.largePath, urls), inArray(vehicleImages.thumbPath, urls)));
  const named = new Set<string>();
  for (const row of rows) {
    for (const url of [row.largePath, row.thumbPath]) if (url.startsWith(URL_PREFIX)) named.add(url.slice(URL_PREFIX.length));
  }
  return named;
}

export interface ImageSweepJob {
  /** A sweep now (or the one in progress); what it did. Throws what the sweep threw. */
  run(): Promise<ImageSweepReport>;
  /** Sweeps once at once (not awaited: readiness never waits for it), then every `intervalMs`. */
  start(intervalMs: number): void;
  /** Stops the timers and waits for a sweep in progress. */
  stop(): Promise<void>;
}

/**
 * The sweep, scheduled. The app starts it when ready, after the migrations. Each run logs its
 * counts (never keys). The timers are unref'd: they never keep the process (or a test) alive.
 */
export function createImageSweepJob(sweep: () => Promise<ImageSweepReport>, log: FastifyBaseLogger): ImageSweepJob {
  let running: Promise<ImageSweepReport> | undefined;
  let stopped = false;
  const timers: NodeJS.Timeout[] = [];
  const run = () => {
    running ??= (async () => {
      const startedAt = Date.now();
      try {
        const report = await sweep();
        const ms = Date.now() - startedAt;
        if (!report.ran) log.info('image sweep: another instance is sweeping; skipped');
        else log.info({ ...report, ms }, `image sweep: removed ${report.deleted} orphan image object(s)`);
        return report;
      } catch (error) {
        log.error({ err: error }, 'image sweep: failed; no object was deleted unless every lookup had answered');
        throw error;
      } finally {
        running = undefined;
      }
    })();
    return running;
  };
  const scheduled = () => {
    if (!stopped) run().catch(() => undefined); // logged above
  };
  return {
    run,
    start(intervalMs) {
      if (stopped || intervalMs <= 0) return;
      timers.push(setTimeout(scheduled, 0), setInterval(scheduled, intervalMs));
      for (const timer of timers) timer.unref();
    },
    async stop() {
      stopped = true;
      for (const timer of timers) clearTimeout(timer);
      await running?.catch(() => undefined);
    },
  };
}
