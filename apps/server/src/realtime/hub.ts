import { randomBytes } from 'node:crypto';
import type { SessionUser } from '../lib/session-user';
import type { Backplane } from './backplane/backplane';
import { RealtimeConnection } from './connection';
import { completionRecord, invocationRecord, PING_RECORD, type ClientMessage } from './protocol/hub-messages';

/** What a hub method sees of its caller. */
export interface HubContext {
  connectionId: string;
  user: SessionUser;
  hub: Hub;
}

export type HubMethod = (ctx: HubContext, args: unknown[]) => unknown;

/** An error whose message the caller may read (sent in the invocation's completion). */
export class HubError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'HubError';
  }
}

export interface HubDefinition {
  /** The hub's URL path, e.g. '/chat'. */
  path: string;
  methods: Record<string, HubMethod>;
  onConnected?: (ctx: HubContext) => void | Promise<void>;
  onDisconnected?: (ctx: HubContext) => void | Promise<void>;
  /** Client method called with {userId, online} for connections that watch that user's presence. */
  presenceTarget?: string;
}

export interface HubTimings {
  keepAliveMs: number;
  clientTimeoutMs: number;
  /** A negotiated connection whose transport never came, or whose handshake never came, is dropped after this. */
  handshakeTimeoutMs: number;
  maxRecordChars: number;
}

export interface HubLogger {
  error(details: object, message: string): void;
}

const SESSION_ENDED = 'Your session has ended. Please sign in again.';

/** 128 random bits or more: tokens and ids cannot be guessed. */
function randomId(bytes: number): string {
  return randomBytes(bytes).toString('base64url');
}

/**
 * A hub: its connections (indexed by token, id and user), method dispatch, sending to users and
 * presence. Transports hand it connections; the backplane links it to other instances.
 */
export class Hub {
  private readonly byToken = new Map<string, RealtimeConnection>();
  private readonly byId = new Map<string, RealtimeConnection>();
  private readonly byUser = new Map<string, Set<RealtimeConnection>>();
  private readonly watchers = new Map<string, Set<RealtimeConnection>>();
  /** Last presence told to watchers here, to send only changes. */
  private readonly knownPresence = new Map<string, boolean>();
  /** Users this instance has announced to the backplane (subscribed, marked present). */
  private readonly announcedUsers = new Set<string>();
  private readonly presenceOps = new Map<string, Promise<void>>();

  /** Transports may keep state after a connection ends (long polling answers 204 for a while). */
  onConnectionEnded: ((connection: RealtimeConnection) => void) | null = null;

  constructor(
    readonly definition: HubDefinition,
    private readonly backplane: Backplane,
    private readonly timings: HubTimings,
    private readonly logger: HubLogger,
  ) {}

  get path(): string {
    return this.definition.path;
  }

  get connectionCount(): number {
    return this.byId.size;
  }

  /** Records written to this instance's connections so far (the metrics' messages delivered). */
  deliveredCount = 0;

  /** Open connections by transport ('none' before one is attached), for the metrics. */
  connectionsByTransport(): Map<string, number> {
    const counts = new Map<string, number>();
    for (const connection of this.byId.values()) {
      const name = connection.transport ?? 'none';
      counts.set(name, (counts.get(name) ?? 0) + 1);
    }
    return counts;
  }

  /** A new connection for a signed-in user (negotiate, or a WebSocket without negotiate). */
  createConnection(user: SessionUser, negotiateVersion: number): RealtimeConnection {
    const connectionId = randomId(16);
    // Version 0 clients use the connection id itself as the secret in `id=`.
    const token = negotiateVersion >= 1 ? randomId(24) : connectionId;
    const connection = new RealtimeConnection(
      connectionId,
      token,
      user,
      {
        onOpen: (c) => this.handleOpen(c),
        onMessage: (c, m) => this.handleMessage(c, m),
        onClose: (c) => this.handleClose(c),
      },
      { maxRecordChars: this.timings.maxRecordChars },
      Date.now(),
    );
    this.byToken.set(token, connection);
    this.byId.set(connectionId, connection);
    return connection;
  }

  /** The connection behind a token, only for the user who negotiated it. */
  findConnection(token: string, userId: string): RealtimeConnection | null {
    const connection = this.byToken.get(token);
    if (!connection || connection.isClosed || connection.userId !== userId) return null;
    return connection;
  }

  private handleOpen(connection: RealtimeConnection): void {
    let connections = this.byUser.get(connection.userId);
    if (!connections) this.byUser.set(connection.userId, (connections = new Set()));
    connections.add(connection);
    void this.reconcilePresence(connection.userId)
      .then(() => this.definition.onConnected?.(this.context(connection)))
      .catch((error: unknown) => this.logger.error({ err: error }, 'realtime: onConnected failed'));
  }

  private handleClose(connection: RealtimeConnection): void {
    this.byToken.delete(connection.token);
    this.byId.delete(connection.connectionId);
    this.unwatchAll(connection);
    this.onConnectionEnded?.(connection);
    const connections = this.byUser.get(connection.userId);
    if (!connections?.delete(connection)) return; // never opened
    if (connections.size === 0) this.byUser.delete(connection.userId);
    void Promise.resolve(this.definition.onDisconnected?.(this.context(connection)))
      .then(() => this.reconcilePresence(connection.userId))
      .catch((error: unknown) => this.logger.error({ err: error }, 'realtime: disconnect handling failed'));
  }

  /**
   * Brings the backplane in line with whether the user has connections here. Runs one at a time per
   * user, so a quick close-and-reconnect cannot leave the user unsubscribed.
   */
  private reconcilePresence(userId: string): Promise<void> {
    const previous = this.presenceOps.get(userId) ?? Promise.resolve();
    const next = previous.then(async () => {
      const hasLocal = this.byUser.has(userId);
      if (hasLocal && !this.announcedUsers.has(userId)) {
        this.announcedUsers.add(userId);
        await this.backplane.userConnected(userId);
        this.notifyPresence(userId, true);
      } else if (!hasLocal && this.announcedUsers.has(userId)) {
        this.announcedUsers.delete(userId);
        const isOffline = await this.backplane.userDisconnected(userId);
        if (isOffline && !this.byUser.has(userId)) this.notifyPresence(userId, false);
      }
    });
    const settled = next.catch((error: unknown) => this.logger.error({ err: error }, 'realtime: presence update failed'));
    this.presenceOps.set(userId, settled);
    void settled.then(() => {
      if (this.presenceOps.get(userId) === settled) this.presenceOps.delete(userId);
    });
    return settled;
  }

  /** Resolves once pending presence updates are done (tests, shutdown). */
  async settlePresence(): Promise<void> {
    await Promise.all([...this.presenceOps.values()]);
  }

  private context(connection: RealtimeConnection): HubContext {
    return { connectionId: connection.connectionId, user: connection.user, hub: this };
  }

  private handleMessage(connection: RealtimeConnection, message: ClientMessage): void {
    if (message.kind === 'stream-invocation') {
      connection.send(completionRecord(message.invocationId, { error: 'Streaming is not supported by this hub.' }));
      return;
    }
    if (message.kind !== 'invocation') return; // pings refresh the timeout already; other types are ignored
    const { invocationId, target, args } = message;
    const method = Object.hasOwn(this.definition.methods, target) ? this.definition.methods[target] : undefined;
    const reply = (outcome: { result?: unknown; error?: string }) => {
      // A non-blocking invocation (no id) must get no answer at all.
      if (invocationId !== undefined) connection.send(completionRecord(invocationId, outcome));
    };
    if (!method) return reply({ error: `Unknown hub method '${target}'` });
    if (message.hasStreams) return reply({ error: 'Client streaming is not supported by this hub.' });
    connection.invocationChain = connection.invocationChain.then(async () => {
      if (connection.isClosed) return;
      try {
        const result = await method(this.context(connection), args);
        reply({ result });
      } catch (error) {
        if (error instanceof HubError) return reply({ error: error.message });
        this.logger.error({ err: error, target }, 'realtime: hub method failed');
        reply({ error: `An unexpected error occurred invoking '${target}' on the server.` });
      }
    });
  }

  /** Every open connection of the user on every instance, except one (the sender's own). */
  sendToUser(userId: string, target: string, args: unknown[], options: { exceptConnectionId?: string } = {}): void {
    const record = invocationRecord(target, args);
    this.deliverLocally(userId, record, options.exceptConnectionId);
    this.backplane.publishToUser({ userId, record, exceptConnectionId: options.exceptConnectionId });
  }

  sendToConnection(connectionId: string, target: string, args: unknown[]): boolean {
    return this.byId.get(connectionId)?.send(invocationRecord(target, args)) ?? false;
  }

  /** Every connection of the hub on every instance. */
  broadcast(target: string, args: unknown[]): void {
    const record = invocationRecord(target, args);
    this.broadcastLocally(record);
    this.backplane.publishBroadcast(record);
  }

  deliverLocally(userId: string, record: string, exceptConnectionId?: string): void {
    const connections = this.byUser.get(userId);
    if (!connections) return;
    const nowMs = Date.now();
    for (const connection of connections) {
      if (connection.connectionId === exceptConnectionId) continue;
      connection.send(record, nowMs);
      this.deliveredCount++;
    }
  }

  broadcastLocally(record: string): void {
    const nowMs = Date.now();
    for (const connection of this.byId.values()) connection.send(record, nowMs);
    this.deliveredCount += this.byId.size;
  }

  /** Which of these users have an open connection on any instance. */
  onlineAmong(userIds: string[]): Promise<Set<string>> {
    return this.backplane.onlineAmong(userIds);
  }

  /** The connection follows these users' presence (replacing its previous list); answers their current state. */
  async watchPresence(connectionId: string, userIds: string[]): Promise<Set<string>> {
    const connection = this.byId.get(connectionId);
    if (!connection) return new Set();
    this.unwatchAll(connection);
    connection.watchedUserIds = new Set(userIds);
    for (const userId of connection.watchedUserIds) {
      let set = this.watchers.get(userId);
      if (!set) this.watchers.set(userId, (set = new Set()));
      set.add(connection);
    }
    const online = await this.onlineAmong(userIds);
    for (const userId of userIds) if (!this.knownPresence.has(userId)) this.knownPresence.set(userId, online.has(userId));
    return online;
  }

  private unwatchAll(connection: RealtimeConnection): void {
    if (!connection.watchedUserIds) return;
    for (const userId of connection.watchedUserIds) {
      const set = this.watchers.get(userId);
      set?.delete(connection);
      if (set?.size === 0) {
        this.watchers.delete(userId);
        this.knownPresence.delete(userId);
      }
    }
    connection.watchedUserIds = null;
  }

  /** A presence change seen here or announced by another instance: tell local watchers once. */
  notifyPresence(userId: string, isOnline: boolean): void {
    const watchers = this.watchers.get(userId);
    if (!watchers || !this.definition.presenceTarget) return;
    if (this.knownPresence.get(userId) === isOnline) return;
    this.knownPresence.set(userId, isOnline);
    const record = invocationRecord(this.definition.presenceTarget, [{ userId, online: isOnline }]);
    for (const connection of watchers) connection.send(record);
  }

  /** Keeps presence true across instances and catches users of an instance that died. */
  async refreshPresence(): Promise<void> {
    await this.backplane.refresh(this.announcedUsers);
    const watched = [...this.watchers.keys()];
    if (watched.length === 0) return;
    const online = await this.backplane.onlineAmong(watched);
    for (const userId of watched) this.notifyPresence(userId, online.has(userId));
  }

  /** Pings idle connections, closes silent ones and drops connections that never finished connecting. */
  tick(nowMs: number): void {
    for (const connection of this.byId.values()) {
      if (!connection.isOpen) {
        if (nowMs - connection.createdMs >= this.timings.handshakeTimeoutMs) connection.close();
        continue;
      }
      // Long-polling clients send no pings; a poll held here shows the client is there.
      if (connection.isClientWaiting) connection.touch(nowMs);
      if (nowMs - connection.lastReceivedMs >= this.timings.clientTimeoutMs) {
        connection.close({ error: 'Server timeout elapsed without receiving a message from the client.' });
      } else if (nowMs - connection.lastSentMs >= this.timings.keepAliveMs) {
        connection.send(PING_RECORD, nowMs);
      }
    }
  }

  /**
   * Closes the connections whose session has ended (signed out, expired), asking `liveSessionIds`
   * which of the sessions behind open connections are still valid.
   */
  async closeEndedSessions(liveSessionIds: (sessionIds: string[]) => Promise<Set<string>>): Promise<void> {
    // Only the connections that existed when the check started: one negotiated while the query runs
    // has a session that was not asked about and must not be taken for an ended one.
    const checked = [...this.byId.values()];
    const sessionIds = [...new Set(checked.map((c) => c.user.sessionId))];
    if (sessionIds.length === 0) return;
    const live = new Set<string>();
    for (let i = 0; i < sessionIds.length; i += 500) {
      for (const id of await liveSessionIds(sessionIds.slice(i, i + 500))) live.add(id);
    }
    for (const connection of checked) {
      if (!live.has(connection.user.sessionId)) connection.close({ error: SESSION_ENDED });
    }
  }

  /**
   * These sessions ended (signed out, or ended by a password change): their connections close now,
   * here and, through the backplane, on every other instance.
   */
  async endSessions(sessionIds: string[]): Promise<void> {
    if (sessionIds.length === 0) return;
    this.closeSessionsLocally(sessionIds);
    await this.backplane.publishSessionsEnded(sessionIds);
  }

  /** Closes this instance's connections of these sessions (another instance may have ended them). */
  closeSessionsLocally(sessionIds: string[]): void {
    const ended = new Set(sessionIds);
    for (const connection of [...this.byId.values()]) {
      if (ended.has(connection.user.sessionId)) connection.close({ error: SESSION_ENDED });
    }
  }

  /** Closes every connection, telling clients whether they may reconnect (true on shutdown). */
  closeAll(options: { error?: string; allowReconnect?: boolean } = {}): void {
    for (const connection of [...this.byId.values()]) connection.close(options);
  }

  /** For tests and benchmarks: drops a user's transports without a Close message. */
  connectionsOf(userId: string): RealtimeConnection[] {
    return [...(this.byUser.get(userId) ?? [])];
  }
}
