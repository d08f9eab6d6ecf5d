import type { IncomingMessage } from 'node:http';
import type { Duplex } from 'node:stream';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { WebSocketServer } from 'ws';
import { SESSION_COOKIE, type SessionResolver, type SessionUser } from '../lib/session-user';
import { createHostResolver, type TrustProxy } from '../lib/trusted-host';
import type { Backplane } from './backplane/backplane';
import { createLocalBackplane } from './backplane/local-backplane';
import { createRedisBackplane } from './backplane/redis-backplane';
import { registerHttpTransports } from './http-transports';
import { Hub, type HubDefinition } from './hub';
import { createLongPolling } from './transports/long-polling';
import { createSharedTransports, type SharedTransports } from './transports/shared-transports';
import { attachWebSocket } from './transports/websocket';

export interface RealtimeOptions {
  keepAliveMs: number;
  clientTimeoutMs: number;
  handshakeTimeoutMs: number;
  /** Below the client's 100 s poll timeout. */
  pollTimeoutMs: number;
  /** One record (and one POST or frame) at most this long. */
  maxRecordChars: number;
  presenceTtlMs: number;
  tickMs: number;
  /** How often open connections' sessions are checked, so signing out ends them too. */
  sessionRecheckMs: number;
  redisUrl?: string;
  redisKeyPrefix: string;
  /** With Redis: how long an SSE/long-polling connection's keys outlive the last refresh by its home instance. */
  sharedStateTtlMs: number;
}

/** The spec's connection defaults: keep-alive 15 s, client timeout 30 s. */
export const DEFAULT_REALTIME_OPTIONS: RealtimeOptions = {
  keepAliveMs: 15_000,
  clientTimeoutMs: 30_000,
  handshakeTimeoutMs: 15_000,
  pollTimeoutMs: 90_000,
  maxRecordChars: 32 * 1024,
  presenceTtlMs: 30_000,
  tickMs: 1_000,
  sessionRecheckMs: 60_000,
  redisKeyPrefix: 'rd:rt',
  sharedStateTtlMs: 60_000,
};

export interface RealtimeServerDeps {
  sessions: SessionResolver;
  corsOrigins: string[];
  options?: Partial<RealtimeOptions>;
  /** Which of these session ids are still valid; without it, connections live until they close. */
  liveSessionIds?: (sessionIds: string[]) => Promise<Set<string>>;
  /** Which peers may name the host in X-Forwarded-Host (the app's TRUST_PROXY); default none. */
  trustProxy?: TrustProxy;
}

const CONNECTION_CONSTRAINT = 'realtimeConnection';
/**
 * A transport request (SSE, long poll, send, close) acts on one connection: only the user who
 * negotiated it may use it ('owner' in the route table); negotiating is for any signed-in user.
 */
const CONNECTION_ROUTE = { config: { access: 'owner' }, constraints: { [CONNECTION_CONSTRAINT]: 'yes' } } as never;

function samePath(a: string, b: string): boolean {
  const trim = (p: string) => p.replace(/\/+$/, '').toLowerCase();
  return trim(a) === trim(b);
}

function rejectUpgrade(socket: Duplex, status: number, reason: string): void {
  if (socket.destroyed) return;
  socket.end(`HTTP/1.1 ${status} ${reason}\r\nConnection: close\r\nContent-Length: 0\r\n\r\n`);
}

/**
 * A SignalR server the unmodified @microsoft/signalr client connects to: negotiate, WebSockets,
 * Server-Sent Events and long polling, the JSON hub protocol, keep-alive and timeouts, and the
 * backplane (Redis when configured) for several instances. Knows nothing of chat.
 */
export function createRealtimeServer(app: FastifyInstance, deps: RealtimeServerDeps) {
  const options: RealtimeOptions = { ...DEFAULT_REALTIME_OPTIONS, ...deps.options };
  const hubs: Hub[] = [];
  const hostOf = createHostResolver(deps.trustProxy ?? false);
  const backplanes: Backplane[] = [];
  const timers: NodeJS.Timeout[] = [];
  const wss = new WebSocketServer({ noServer: true, maxPayload: options.maxRecordChars * 2, perMessageDeflate: false });
  const longPolling = createLongPolling({
    pollTimeoutMs: options.pollTimeoutMs,
    maxBufferedChars: 1_048_576,
    endedGraceMs: 10_000,
  });

  app.addConstraintStrategy({
    name: CONNECTION_CONSTRAINT,
    storage() {
      const handlers = new Map<string, unknown>();
      return {
        get: (key: string) => (handlers.get(key) as never) ?? null,
        set: (key: string, value: unknown) => void handlers.set(key, value),
      };
    },
    // Transport requests carry ?id=; a browser navigation to the same path (the SPA's /chat) does not.
    deriveConstraint: (req: IncomingMessage) => (/[?&]id=/.test(req.url ?? '') ? 'yes' : undefined),
    mustMatchWhenDerived: false,
  } as never);

  async function userOf(request: FastifyRequest): Promise<SessionUser | null> {
    return request.user ?? (await deps.sessions.resolve(request.cookies[SESSION_COOKIE]));
  }

  function isAllowedOrigin(origin: string | undefined, host: string | undefined): boolean {
    if (!origin) return true;
    if (deps.corsOrigins.includes(origin)) return true;
    try {
      return new URL(origin).host === host;
    } catch {
      return false;
    }
  }

  async function handleUpgrade(req: IncomingMessage, socket: Duplex, head: Buffer): Promise<void> {
    const url = new URL(req.url ?? '/', 'http://localhost');
    const hub = hubs.find((h) => samePath(url.pathname, h.path));
    if (!hub) {
      // Another upgrade listener may own this path; when there is none, do not leave the socket hanging.
      if (app.server.listenerCount('upgrade') === 1) rejectUpgrade(socket, 404, 'Not Found');
      return;
    }
    socket.on('error', () => socket.destroy());
    if (!isAllowedOrigin(req.headers.origin, hostOf(req))) return rejectUpgrade(socket, 403, 'Forbidden');
    const cookies = app.parseCookie(req.headers.cookie ?? '');
    const user = await deps.sessions.resolve(cookies[SESSION_COOKIE]);
    if (!user) return rejectUpgrade(socket, 401, 'Unauthorized');
    const id = url.searchParams.get('id');
    // Without an id the client skipped negotiate: the upgrade starts a new connection.
    const connection = id ? hub.findConnection(id, user.id) : hub.createConnection(user, 1);
    if (!connection) return rejectUpgrade(socket, 404, 'Not Found');
    if (connection.hasTransport) return rejectUpgrade(socket, 409, 'Conflict');
    const shared = sharedOf.get(hub);
    if (id && shared && (await shared.claim(connection.token, 'WebSockets')) !== 'claimed') {
      return rejectUpgrade(socket, 409, 'Conflict');
    }
    if (socket.destroyed) return connection.transportClosed();
    wss.handleUpgrade(req, socket, head, (ws) => attachWebSocket(connection, ws));
  }

  app.server.on('upgrade', (req: IncomingMessage, socket: Duplex, head: Buffer) => {
    handleUpgrade(req, socket, head).catch((error: unknown) => {
      app.log.error({ err: error }, 'realtime: upgrade failed');
      rejectUpgrade(socket, 500, 'Internal Server Error');
    });
  });

  const sharedOf = new Map<Hub, SharedTransports>();

  // Ended long-polling connections are no longer in the hub; remember whose they were.
  const endedPollOwners = new Map<string, string>();
  function isOwnEndedPoll(token: string, user: SessionUser): boolean {
    return endedPollOwners.get(token) === user.id;
  }

  function createHub(definition: HubDefinition): Hub {
    const backplane = options.redisUrl
      ? createRedisBackplane({
          redisUrl: options.redisUrl,
          keyPrefix: `${options.redisKeyPrefix}:${definition.path.toLowerCase()}`,
          presenceTtlMs: options.presenceTtlMs,
          onError: (error) => app.log.error({ err: error }, 'realtime: redis error'),
        })
      : createLocalBackplane();
    const hub = new Hub(
      definition,
      backplane,
      {
        keepAliveMs: options.keepAliveMs,
        clientTimeoutMs: options.clientTimeoutMs,
        handshakeTimeoutMs: options.handshakeTimeoutMs,
        maxRecordChars: options.maxRecordChars,
      },
      { error: (details, message) => app.log.error(details, message) },
    );
    const shared = options.redisUrl
      ? createSharedTransports({
          redisUrl: options.redisUrl,
          keyPrefix: `${options.redisKeyPrefix}:${definition.path.toLowerCase()}:t`,
          pollTimeoutMs: options.pollTimeoutMs,
          endedGraceMs: 10_000,
          stateTtlMs: options.sharedStateTtlMs,
          onError: (error) => app.log.error({ err: error }, 'realtime: redis error'),
        })
      : null;
    if (shared) sharedOf.set(hub, shared);
    hub.onConnectionEnded = (connection) => {
      shared?.connectionEnded(connection);
      if (connection.transport === 'LongPolling') {
        endedPollOwners.set(connection.token, connection.userId);
        setTimeout(() => endedPollOwners.delete(connection.token), 10_000).unref();
      }
    };
    hubs.push(hub);
    backplanes.push(backplane);
    registerHttpTransports(app, {
      hub,
      shared: shared ?? undefined,
      longPolling,
      userOf,
      isOwnEndedPoll,
      maxRecordChars: options.maxRecordChars,
      connectionRoute: CONNECTION_ROUTE,
    });
    app.addHook('onReady', async () => {
      await shared?.start();
      await backplane.start({
        onDelivery: (d) => hub.deliverLocally(d.userId, d.record, d.exceptConnectionId),
        onBroadcast: (record) => hub.broadcastLocally(record),
        onPresence: (userId, isOnline) => hub.notifyPresence(userId, isOnline),
        onSessionsEnded: (sessionIds) => hub.closeSessionsLocally(sessionIds),
      });
    });
    timers.push(setInterval(() => hub.tick(Date.now()), options.tickMs).unref());
    timers.push(
      setInterval(
        () => {
          hub.refreshPresence().catch((error: unknown) => app.log.error({ err: error }, 'realtime: presence refresh failed'));
        },
        Math.max(1000, Math.floor(options.presenceTtlMs / 3)),
      ).unref(),
    );
    if (shared) {
      timers.push(
        setInterval(
          () => {
            shared.refresh().catch((error: unknown) => app.log.error({ err: error }, 'realtime: connection refresh failed'));
          },
          Math.max(1000, Math.floor(options.sharedStateTtlMs / 3)),
        ).unref(),
      );
      timers.push(setInterval(() => shared.keepPollsAlive(), Math.max(1000, Math.floor(options.clientTimeoutMs / 3))).unref());
    }
    const liveSessionIds = deps.liveSessionIds;
    if (liveSessionIds) {
      timers.push(
        setInterval(() => {
          hub
            .closeEndedSessions(liveSessionIds)
            .catch((error: unknown) => app.log.error({ err: error }, 'realtime: session recheck failed'));
        }, options.sessionRecheckMs).unref(),
      );
    }
    return hub;
  }

  app.addHook('preClose', async () => {
    for (const timer of timers) clearInterval(timer);
    // Clients may reconnect: another instance (or this one after a restart) will take them.
    for (const hub of hubs) hub.closeAll({ error: 'Server is shutting down.', allowReconnect: true });
    longPolling.closeAll();
    for (const shared of sharedOf.values()) shared.closeReaders();
    await Promise.all(hubs.map((hub) => hub.settlePresence()));
    // Give the Close messages a moment to reach the clients before cutting what is left.
    const deadline = Date.now() + 1_000;
    while (wss.clients.size > 0 && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 25));
    for (const client of wss.clients) client.terminate();
  });
  app.addHook('onClose', async () => {
    await new Promise<void>((resolve) => wss.close(() => resolve()));
    await Promise.all([...backplanes.map((b) => b.close()), ...[...sharedOf.values()].map((s) => s.close())]);
  });

  /** Signing out (or a password change) ended these sessions: their connections close on every instance. */
  async function endSessions(sessionIds: string[]): Promise<void> {
    // Signing out succeeds even when Redis does not answer: other instances then rely on the periodic check.
    await Promise.all(
      hubs.map((hub) =>
        hub.endSessions(sessionIds).catch((error: unknown) => app.log.error({ err: error }, 'realtime: ending sessions failed')),
      ),
    );
  }

  return { createHub, endSessions, options };
}
export type RealtimeServer = ReturnType<typeof createRealtimeServer>;
