import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { ErrorCode } from '@rentdrive/contracts/errors';
import type { SessionUser } from '../lib/session-user';
import { sendProblem } from '../plugins/error-handler';
import type { Hub } from './hub';
import { negotiateResponse, pickNegotiateVersion } from './protocol/negotiate';
import type { LongPolling } from './transports/long-polling';
import { attachServerSentEvents } from './transports/server-sent-events';
import type { SharedTransports } from './transports/shared-transports';

/**
 * The hub's HTTP endpoints: negotiate, Server-Sent Events and long polling (GET), the records a
 * client sends over those two (POST) and closing (DELETE). The WebSocket upgrade is the realtime
 * server's (realtime-server.ts). Without Redis a connection lives in this instance's hub; with Redis
 * any instance takes any request of an SSE or long-polling connection (transports/shared-transports.ts).
 */
export interface HttpTransportsDeps {
  hub: Hub;
  /** Set with Redis. */
  shared: SharedTransports | undefined;
  longPolling: LongPolling;
  /** The signed-in user of a request (the session hook's, or resolved from the cookie). */
  userOf: (request: FastifyRequest) => Promise<SessionUser | null>;
  /** Whether an ended long-polling connection was this user's (it still answers 204 for a while). */
  isOwnEndedPoll: (token: string, user: SessionUser) => boolean;
  maxRecordChars: number;
  /** Route options of the transport requests (access and the ?id= constraint). */
  connectionRoute: object;
}

/** A query-string value as the transport sent it (these protocol routes have no schema). */
export function queryValue(request: FastifyRequest, name: string): unknown {
  const query = request.query;
  if (typeof query !== 'object' || query === null) return undefined;
  return Object.getOwnPropertyDescriptor(query, name)?.value as unknown;
}

const signInFirst = (reply: FastifyReply) =>
  sendProblem(reply, { status: 401, code: ErrorCode.NotAuthenticated, detail: 'You need to sign in to connect.' });
const notFound = (reply: FastifyReply) =>
  sendProblem(reply, { status: 404, code: ErrorCode.NotFound, detail: 'No connection with this id.' });
const otherTransport = (reply: FastifyReply) =>
  sendProblem(reply, { status: 400, code: ErrorCode.ValidationFailed, detail: 'This connection uses another transport.' });
const noPost = (reply: FastifyReply) =>
  sendProblem(reply, { status: 405, code: ErrorCode.ValidationFailed, detail: 'This connection does not accept POST.' });
const hasTransport = (reply: FastifyReply) =>
  sendProblem(reply, { status: 409, code: ErrorCode.Conflict, detail: 'The connection already has a transport.' });
const emptyOk = (reply: FastifyReply) => reply.code(200).type('text/plain; charset=utf-8').send('');

/** The records a client POSTed, whatever content type it declared. */
function bodyText(request: FastifyRequest): string {
  const body = request.body;
  if (Buffer.isBuffer(body)) return body.toString('utf8');
  if (typeof body === 'string') return body;
  return body === undefined ? '' : JSON.stringify(body);
}

export function registerHttpTransports(app: FastifyInstance, deps: HttpTransportsDeps): void {
  const { hub, shared, longPolling, userOf } = deps;
  const path = hub.path;
  const sendOptions = { config: { access: 'owner' as const }, bodyLimit: deps.maxRecordChars * 4 };

  /**
   * The caller of a transport request: the connection token (?id=) and the signed-in user, or null
   * once the refusal (400 without an id, 401 signed out) is sent.
   */
  async function callerOf(request: FastifyRequest, reply: FastifyReply): Promise<{ token: string; user: SessionUser } | null> {
    const id = queryValue(request, 'id');
    if (typeof id !== 'string' || id === '') {
      await sendProblem(reply, { status: 400, code: ErrorCode.ValidationFailed, detail: 'The id query parameter is required.' });
      return null;
    }
    const user = await userOf(request);
    if (!user) {
      await signInFirst(reply);
      return null;
    }
    return { token: id, user };
  }

  app.post(`${path}/negotiate`, { config: { access: 'user' } }, async (request, reply) => {
    const user = await userOf(request);
    if (!user) return signInFirst(reply);
    const version = pickNegotiateVersion(queryValue(request, 'negotiateVersion'));
    const connection = hub.createConnection(user, version);
    await shared?.register(connection);
    reply.header('cache-control', 'no-store');
    return negotiateResponse(version, { connectionId: connection.connectionId, connectionToken: connection.token });
  });

  if (shared) return registerShared(shared);

  // Server-Sent Events or a long poll.
  app.get(path, deps.connectionRoute, async (request: FastifyRequest, reply: FastifyReply) => {
    const caller = await callerOf(request, reply);
    if (!caller) return reply;
    const { token, user } = caller;
    const connection = hub.findConnection(token, user.id);
    if ((request.headers.accept ?? '').includes('text/event-stream')) {
      if (!connection) return notFound(reply);
      if (connection.hasTransport) return hasTransport(reply);
      attachServerSentEvents(connection, request, reply);
      return reply;
    }
    reply.header('cache-control', 'no-store');
    if (connection && !connection.hasTransport) {
      // The first poll only confirms the connection.
      longPolling.attach(connection);
      return emptyOk(reply);
    }
    if (connection && connection.transport !== 'LongPolling') return otherTransport(reply);
    // The client does not ping over long polling: its polls show it is there.
    connection?.touch(Date.now());
    // An ended long-polling connection still answers 204 for a while, so its client stops cleanly.
    if (!connection && !longPolling.has(token)) return notFound(reply);
    if (!connection && !deps.isOwnEndedPoll(token, user)) return notFound(reply);
    longPolling.poll(token, reply);
    return reply;
  });

  // Client-to-server records for Server-Sent Events and long polling.
  app.post(path, sendOptions, async (request, reply) => {
    const caller = await callerOf(request, reply);
    if (!caller) return reply;
    const connection = hub.findConnection(caller.token, caller.user.id);
    if (!connection) return notFound(reply);
    if (!connection.hasTransport || connection.transport === 'WebSockets') return noPost(reply);
    connection.receive(bodyText(request), Date.now());
    return emptyOk(reply);
  });

  app.delete(path, { config: { access: 'owner' } }, async (request, reply) => {
    const caller = await callerOf(request, reply);
    if (!caller) return reply;
    const connection = hub.findConnection(caller.token, caller.user.id);
    if (!connection) return notFound(reply);
    connection.transportClosed();
    longPolling.remove(caller.token);
    return reply.code(202).send('');
  });

  /** The same endpoints with Redis: the connection's state and queued records are in Redis. */
  function registerShared(shared: SharedTransports): void {
    app.get(path, deps.connectionRoute, async (request: FastifyRequest, reply: FastifyReply) => {
      const caller = await callerOf(request, reply);
      if (!caller) return reply;
      const { token, user } = caller;
      const state = await shared.lookup(token, user.id);
      if (!state) return notFound(reply);
      if ((request.headers.accept ?? '').includes('text/event-stream')) {
        const claim = await shared.claim(token, 'ServerSentEvents');
        if (claim === 'gone' || claim === 'ended') return notFound(reply);
        if (claim !== 'claimed') return hasTransport(reply);
        shared.openStream(token, state, request, reply);
        return reply;
      }
      reply.header('cache-control', 'no-store');
      if (state.transport === null) {
        const claim = await shared.claim(token, 'LongPolling');
        if (claim === 'gone') return notFound(reply);
        // The first poll only confirms the connection.
        if (claim === 'claimed') return emptyOk(reply);
        if (claim !== 'LongPolling' && claim !== 'ended') return otherTransport(reply);
      } else if (state.transport !== 'LongPolling') return otherTransport(reply);
      shared.poll(token, reply);
      return reply;
    });

    app.post(path, sendOptions, async (request, reply) => {
      const caller = await callerOf(request, reply);
      if (!caller) return reply;
      const state = await shared.lookup(caller.token, caller.user.id);
      if (!state || state.isEnded) return notFound(reply);
      if (state.transport === null || state.transport === 'WebSockets') return noPost(reply);
      await shared.send(caller.token, state, bodyText(request));
      return emptyOk(reply);
    });

    app.delete(path, { config: { access: 'owner' } }, async (request, reply) => {
      const caller = await callerOf(request, reply);
      if (!caller) return reply;
      const state = await shared.lookup(caller.token, caller.user.id);
      if (!state || state.isEnded) return notFound(reply);
      await shared.remove(caller.token, state);
      return reply.code(202).send('');
    });
  }
}
