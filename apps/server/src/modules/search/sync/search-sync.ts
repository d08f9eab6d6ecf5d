import { addDays, dayInTimeZone } from '@rentdrive/domain/dates';
import type { Clock } from '../../../lib/clock';
import { coalesced } from '../coalesced';
import type { IndexSink } from '../index/index-types';
import {
  BEFORE_EVERYTHING,
  isLaterSnapshot,
  visibleIn,
  type FeedChange,
  type FeedSnapshot,
  type FullLoad,
  type PollResult,
  type SearchFeed,
} from './search-feed';

/**
 * Keeps one server instance's in-process index current from the change feed (ADR 007).
 *
 * Exactness: the cursor (`base`) is the latest snapshot applied; every change row visible to it is in
 * the sink. A poll reads the rows that snapshot did not see (transactions then in flight or later),
 * so a transaction that got its xid early and committed late is read once it commits. Responses of
 * concurrent polls may arrive in any order: a change is applied at most once (visible to the base,
 * or its seq remembered until it is), and a response's vehicle data is used only for changes new to
 * this instance. Visibility only grows, so a response carrying a change nobody applied yet is at
 * least as recent as any applied one.
 *
 * Read-your-writes: every catchUp is answered by a poll sent after it was called (concurrent callers
 * share one), so a write committed before the call (on any instance) is in the sink when it resolves.
 */
export interface SearchSync {
  /** The first full load is done (it starts at creation and is retried until it succeeds). */
  ready(): Promise<void>;
  /** Whether `ready()` has resolved (readiness checks, and requests that need not wait). */
  readonly isLoaded: boolean;
  /** Grows whenever changes (or a full reload) reach the sink: the response-cache key. */
  readonly version: number;
  /** Booked days before it are not in the index (ask the feed's bookedVehicleIds). */
  readonly horizonDay: string;
  /**
   * Applies every change committed before the call. Concurrent callers share polls: one arriving
   * while a poll is in flight waits for the next one (which starts after it arrived), so under load
   * one round trip serves many requests without ever answering one from a poll older than itself.
   */
  catchUp(): Promise<void>;
  /**
   * Makes the index current enough to answer a request. Without notifications, catchUp(). With
   * them, nothing at all while the LISTEN connection is up and no change was announced since the
   * last poll (the usual case: no database round trip); otherwise the poll that applies the
   * announced changes, or a poll of its own while notifications cannot be trusted.
   */
  current(): Promise<void>;
  /**
   * Read-your-writes across instances without a poll per request: resolves once the index holds
   * every transaction a snapshot taken after a write saw (the write's data version), polling once
   * if it does not yet.
   */
  catchUpTo(version: FeedSnapshot): Promise<void>;
  /** Whether notifications are trusted right now (tests, diagnostics). */
  readonly isListening: boolean;
  /** When the last poll of the feed was sent (ms since the epoch; -Infinity before the first): the metrics' lag. */
  readonly lastPollAtMs: number;
  /** Stops the background timers and waits for work in progress. */
  close(): Promise<void>;
  /** What the background does once a minute: deletes change rows settled pruneAgeMs ago (tests). */
  pruneNow(): Promise<void>;
}

export interface SearchSyncOptions {
  feed: SearchFeed;
  sink: IndexSink;
  clock: Clock;
  /** Days before today (UTC) whose bookings the index still holds; default 1 (today in every zone). */
  horizonDays?: number;
  /**
   * Polls one instance may have out at once (catchUp shares them among waiting requests). Default 1:
   * requests arriving during a poll share the next one. 2 shortens a lone request's wait (no waiting
   * for the end of a poll it missed) but under load nearly every request then sends a poll of its
   * own: measured at 100,000 vehicles, 3,100 cached searches/s with 2 against 4,400 with 1.
   */
  maxPollsInFlight?: number;
  /** Vehicles applied per turn of the event loop during a full load; default 5,000. */
  loadSlice?: number;
  /**
   * Background poll period (an idle instance stays current); default 2 s, 5 s with notifications
   * (then it only bounds how stale an answer can be if a notification is lost).
   */
  pollIntervalMs?: number;
  /** Announcements of committed changes (LISTEN/NOTIFY on the change log); without them every request polls. */
  notifications?: ChangeNotifications;
  /** How often one instance prunes the log; default 1 minute. */
  pruneIntervalMs?: number;
  /** Change rows of transactions settled longer ago than this are deleted; default 10 minutes. */
  pruneAgeMs?: number;
  /**
   * Without a successful poll for this long the log may have been pruned past the cursor: reload
   * everything instead. Default half the prune age (margin for clocks of other instances).
   */
  reloadAfterMs?: number;
  /** A poll naming more changed vehicles than this reloads everything instead; default 2,000. */
  maxChangedVehicles?: number;
  /** Failed background polls, loads and prunes (never thrown). Default console.error. */
  onError?: (error: unknown, during: 'load' | 'poll' | 'prune') => void;
}

/** Announcements that transactions which wrote change rows have committed. */
export interface ChangeNotifications {
  /** Starts listening; resolves once the first attempt is done. Returns a stop function. */
  start(handlers: { onChange: () => void; onState: (isListening: boolean, error?: unknown) => void }): Promise<() => Promise<void>>;
}

/**
 * Whether an index at snapshot `base` holds every transaction `version` saw: base is no older and
 * nothing in flight at base was already settled at `version` (the writer's own transaction, say).
 */
export function covers(base: FeedSnapshot, version: FeedSnapshot): boolean {
  if (base.xmax < version.xmax) return false;
  return base.xip.every((xid) => xid >= version.xmax || version.xip.includes(xid));
}

interface CursorSample {
  atMs: number;
  /** xmin of the poll's snapshot: transactions below it had settled. */
  xmin: bigint;
}

export function createSearchSync(options: SearchSyncOptions): SearchSync {
  const { feed, sink, clock } = options;
  const pollIntervalMs = options.pollIntervalMs ?? (options.notifications ? 5000 : 2000);
  const pruneIntervalMs = options.pruneIntervalMs ?? 60_000;
  const pruneAgeMs = options.pruneAgeMs ?? 10 * 60_000;
  const reloadAfterMs = options.reloadAfterMs ?? pruneAgeMs / 2;
  const horizonDays = options.horizonDays ?? 1;
  const loadSlice = options.loadSlice ?? 5000;
  const onError = options.onError ?? ((error, during) => console.error(`search sync: ${during} failed`, error));

  let loaded = false;
  let closed = false;
  let version = 0;
  let horizonDay = computeHorizon();
  let base: FeedSnapshot = BEFORE_EVERYTHING;
  /** seq -> xid of applied changes not visible to the base (from responses older than it). */
  let applied = new Map<number, bigint>();
  /** Clock time at which the last successful poll (or load) was sent. */
  let lastPollAtMs = -Infinity;
  /** (time, xmin) of past polls: the prune cut-off is the xmin of one made pruneAgeMs ago. */
  const samples: CursorSample[] = [];
  /** Every change to the sink goes through this chain, one step at a time. */
  let chain: Promise<unknown> = Promise.resolve();
  let loading: Promise<void> | undefined;
  /** Counts full loads whose snapshot was about to be taken: one counted after a poll was sent covers it. */
  let loadsStarted = 0;
  let pruning = false;
  /** The LISTEN connection is up. */
  let listenerUp = false;
  /** Listening, and a poll sent since the last reason for doubt succeeded: answers need no poll. */
  let trusted = false;
  /** Moves at each reason for doubt (a notification, the listener going down or up). */
  let epoch = 0;
  /** The poll that applies the changes announced last, until it is done. */
  let announced: Promise<void> | undefined;
  let stopListening: (() => Promise<void>) | undefined;

  let resolveReady!: () => void;
  const readyPromise = new Promise<void>((resolve) => (resolveReady = resolve));

  function computeHorizon(): string {
    return addDays(dayInTimeZone(clock.now(), 'UTC'), -horizonDays);
  }

  function enqueue<T>(step: () => T | Promise<T>): Promise<T> {
    const next = chain.then(step);
    chain = next.catch(() => undefined);
    return next;
  }

  function sample(atMs: number, at: bigint) {
    const last = samples[samples.length - 1];
    if (!last || atMs - last.atMs >= 5000) samples.push({ atMs, xmin: at });
  }

  /**
   * Replaces the sink's contents with a full load, in slices of `loadSlice` vehicles with a turn of
   * the event loop between them: 100,000 vehicles took 0.7 s of CPU, which would stall every other
   * request of the instance (chat included) in one block. Searches wait for the load to end (they
   * poll through the same chain); the version moves at the start, so an answer computed across it is
   * recomputed (the service compares versions).
   */
  async function applyLoad(load: FullLoad, sentAtMs: number, day: string) {
    version++;
    sink.clear();
    sink.setCatalogue(load.catalogue);
    for (let i = 0; i < load.vehicles.length; i += loadSlice) {
      if (i > 0) await new Promise((resolve) => setImmediate(resolve));
      for (const vehicle of load.vehicles.slice(i, i + loadSlice)) sink.upsert(vehicle);
    }
    sink.loaded?.();
    horizonDay = day;
    base = load.snapshot;
    applied = new Map();
    lastPollAtMs = Math.max(lastPollAtMs, sentAtMs);
    sample(sentAtMs, load.snapshot.xmin);
    loaded = true;
    version++;
    resolveReady();
  }

  /** A full load (the first, or after the log may have been pruned past us); concurrent callers share it. */
  function reload(): Promise<void> {
    loading ??= enqueue(async () => {
      loadsStarted++;
      const day = computeHorizon();
      const sentAtMs = clock.now().getTime();
      const load = await feed.loadAll(day);
      await applyLoad(load, sentAtMs, day);
    }).finally(() => {
      loading = undefined;
    });
    return loading;
  }

  /** Applies what is new in a poll response; returns whether anything was. */
  function applyPoll(result: PollResult, sentAtMs: number): boolean {
    const fresh: FeedChange[] = result.changes.filter((c) => !visibleIn(c.xid, base) && !applied.has(c.seq));
    if (fresh.length) {
      if (result.catalogue && fresh.some((c) => c.vehicleId === null)) sink.setCatalogue(result.catalogue);
      const ids = new Set(fresh.map((c) => c.vehicleId).filter((id): id is string => id !== null));
      for (const vehicle of result.vehicles) if (ids.has(vehicle.id)) sink.upsert(vehicle);
      for (const id of result.removed) if (ids.has(id)) sink.remove(id);
      for (const c of fresh) applied.set(c.seq, c.xid);
      version++;
    }
    if (isLaterSnapshot(result.snapshot, base)) {
      base = result.snapshot;
      for (const [seq, xid] of applied) if (visibleIn(xid, base)) applied.delete(seq);
    }
    lastPollAtMs = Math.max(lastPollAtMs, sentAtMs);
    sample(sentAtMs, result.snapshot.xmin);
    return fresh.length > 0;
  }

  async function ensureCurrentBase(): Promise<void> {
    if (!loaded) return reload();
    if (clock.now().getTime() - lastPollAtMs > reloadAfterMs) return reload();
    if (loading) return loading;
  }

  function doubt(): void {
    epoch++;
    trusted = false;
  }

  /** Polls and applies the result in the chain, after any earlier step. */
  async function pollAndApply(): Promise<PollResult> {
    await ensureCurrentBase();
    const epochAtSend = epoch;
    const sentAtMs = clock.now().getTime();
    const loadsBefore = loadsStarted;
    const result = await feed.poll({
      since: base,
      horizonDay,
      maxVehicles: options.maxChangedVehicles,
    });
    if (result.overflow) {
      // Too many vehicles to send to every poller: one shared full load instead. Any load that began
      // after this poll was sent sees every write committed before this call (read-your-writes);
      // one already running at the send may not, then a second one follows.
      while (loadsStarted === loadsBefore) await reload();
      await chain;
    } else {
      await enqueue(() => applyPoll(result, sentAtMs));
    }
    // Nothing announced since this poll was sent is missing from the index.
    if (epochAtSend === epoch && listenerUp) trusted = true;
    return result;
  }

  async function prune(): Promise<void> {
    if (pruning || !loaded) return;
    const cutOffMs = clock.now().getTime() - pruneAgeMs;
    let chosen: CursorSample | undefined;
    while (samples.length && samples[0]!.atMs <= cutOffMs) chosen = samples.shift();
    if (!chosen) return;
    pruning = true;
    try {
      await feed.prune(chosen.xmin);
    } finally {
      pruning = false;
    }
  }

  const catchUp = coalesced(async () => {
    await pollAndApply();
  }, options.maxPollsInFlight ?? 1);

  /** A change was announced: one shared poll applies it; requests meanwhile wait for that poll. */
  function onChange(): void {
    doubt();
    if (!loaded || closed) return;
    const run = catchUp();
    announced = run;
    run.then(
      () => {
        if (announced === run) announced = undefined;
      },
      (error: unknown) => {
        if (announced === run) announced = undefined;
        onError(error, 'poll');
      },
    );
  }

  if (options.notifications) {
    options.notifications
      .start({
        onChange,
        onState(isListening, error) {
          listenerUp = isListening;
          // Changes committed while not listening were never announced: the next poll finds them,
          // and only a poll sent from now on may restore trust.
          doubt();
          if (isListening) {
            if (loaded) void catchUp().catch((e: unknown) => onError(e, 'poll'));
          } else if (error) onError(error, 'poll');
        },
      })
      .then(
        (stop) => {
          if (closed) void stop();
          else stopListening = stop;
        },
        (error: unknown) => onError(error, 'poll'),
      );
  }

  async function current(): Promise<void> {
    if (trusted) return;
    if (announced) return announced;
    return catchUp();
  }

  // Background: the first load (retried), then a poll every pollIntervalMs and a prune every
  // pruneIntervalMs. Unref'd: they never keep the process alive.
  const startLoad = () => {
    reload().catch((error: unknown) => onError(error, 'load'));
  };
  startLoad();
  let polling = false;
  const pollTimer = setInterval(() => {
    if (closed || polling) return;
    if (!loaded && !loading) return startLoad();
    if (!loaded) return;
    polling = true;
    catchUp()
      .catch((error: unknown) => onError(error, 'poll'))
      .finally(() => (polling = false));
  }, pollIntervalMs);
  pollTimer.unref();
  const pruneTimer = setInterval(() => {
    if (closed) return;
    prune().catch((error: unknown) => onError(error, 'prune'));
  }, pruneIntervalMs);
  pruneTimer.unref();

  return {
    ready: () => readyPromise,
    get isLoaded() {
      return loaded;
    },
    get version() {
      return version;
    },
    get horizonDay() {
      return horizonDay;
    },
    catchUp,
    current,
    async catchUpTo(version) {
      if (!loaded || !covers(base, version)) await catchUp();
    },
    get isListening() {
      return trusted;
    },
    get lastPollAtMs() {
      return lastPollAtMs;
    },
    async close() {
      closed = true;
      clearInterval(pollTimer);
      clearInterval(pruneTimer);
      await stopListening?.();
      await chain;
    },
    pruneNow: prune,
  };
}
