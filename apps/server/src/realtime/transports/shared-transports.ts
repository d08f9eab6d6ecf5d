import { randomUUID } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { Redis } from 'ioredis';
import type { RealtimeConnection, TransportSink } from '../connection';
import type { TransportName } from '../protocol/negotiate';
import { formatSseEvent } from './server-sent-events';

export interface SharedTransportsOptions {
  redisUrl: string;
  /** Separates hubs (and test runs) sharing one Redis. */
  keyPrefix: string;
  /** A poll without data is answered 200 empty after this. */
  pollTimeoutMs: number;
  /** An ended connection still answers polls with 204 for this long, then 404. */
  endedGraceMs: number;
  /** A connection's keys live this long unless its home instance refreshes them (a dead home's connections vanish). */
  stateTtlMs: number;
  onError?: (error: unknown) => void;
}

/** What every instance can read about a connection negotiated anywhere. */
export interface SharedConnectionState {
  /** The instance that negotiated it and runs its hub side (handshake, invocations, presence). */
  home: string;
  userId: string;
  transport: TransportName | null;
  isEnded: boolean;
}

/** Marks the end of a connection's outbox (records end with 0x1E and are JSON: never this). */
const END = '\u0000end';
const MAX_TAKE = 500;
/** A reader tells the home instance the client is still polling at most this often. */
const TOUCH_EVERY_MS = 5_000;

// Appends records to a connection's outbox and wakes the instance that last read it.
const PUSH_OUT = `
for i = 3, #ARGV do redis.call('RPUSH', KEYS[2], ARGV[i]) end
redis.call('PEXPIRE', KEYS[2], tonumber(ARGV[2]))
local reader = redis.call('HGET', KEYS[1], 'r')
if reader then redis.call('PUBLISH', ARGV[1] .. reader, 'o' .. KEYS[3]) end
return 1`;

// Ends a connection's outbox (dropping what is queued when ARGV[2] is '1'); keys stay for the grace period.
const END_OUT = `
if redis.call('EXISTS', KEYS[1]) == 0 then return 0 end
if redis.call('HGET', KEYS[1], 'e') == '1' then return 0 end
if ARGV[2] == '1' then redis.call('DEL', KEYS[2]) end
redis.call('HSET', KEYS[1], 'e', '1')
redis.call('RPUSH', KEYS[2], ARGV[4])
redis.call('PEXPIRE', KEYS[1], tonumber(ARGV[3]))
redis.call('PEXPIRE', KEYS[2], tonumber(ARGV[3]))
local reader = redis.call('HGET', KEYS[1], 'r')
if reader then redis.call('PUBLISH', ARGV[1] .. reader, 'o' .. KEYS[3]) end
return 1`;

// Records this instance as the connection's reader and takes what is queued, atomically, so a
// record pushed after this is announced to this instance and one pushed before is taken here.
// Every few seconds it also tells the home instance that the client is still there.
const TAKE = `
if redis.call('EXISTS', KEYS[1]) == 0 then return false end
redis.call('HSET', KEYS[1], 'r', ARGV[1])
local max = tonumber(ARGV[2])
local items = redis.call('LRANGE', KEYS[2], 0, max - 1)
if #items > 0 then redis.call('LTRIM', KEYS[2], #items, -1) end
local touched = 0
local now = tonumber(ARGV[3])
local last = tonumber(redis.call('HGET', KEYS[1], 's') or '0')
if now - last >= tonumber(ARGV[4]) then
  redis.call('HSET', KEYS[1], 's', ARGV[3])
  redis.call('RPUSH', KEYS[3], 'p')
  redis.call('PEXPIRE', KEYS[3], tonumber(ARGV[5]))
  touched = 1
end
local ended = redis.call('HGET', KEYS[1], 'e') or '0'
return {ended, touched, redis.call('HGET', KEYS[1], 'h'), unpack(items)}`;

// The first transport request decides the transport; the attach goes to the home's inbox before
// the client can send its handshake. Answers 'gone', 'ended', 'claimed' or the transport already set.
const CLAIM = `
if redis.call('EXISTS', KEYS[1]) == 0 then return 'gone' end
if redis.call('HGET', KEYS[1], 'e') == '1' then return 'ended' end
if redis.call('HSETNX', KEYS[1], 't', ARGV[1]) == 1 then
  if ARGV[2] == '1' then
    redis.call('RPUSH', KEYS[2], 'a' .. ARGV[1])
    redis.call('PEXPIRE', KEYS[2], tonumber(ARGV[3]))
  end
  return 'claimed'
end
return redis.call('HGET', KEYS[1], 't')`;

type Reader =
  | { kind: 'poll'; reply: FastifyReply; timer: NodeJS.Timeout; isBusy: boolean; isDue: boolean }
  | { kind: 'stream'; reply: FastifyReply; isBusy: boolean; isDue: boolean; isEnded: boolean };

/**
 * Server-Sent Events and long polling without sticky sessions. A connection's hub side stays on
 * the instance that negotiated it (its home: handshake, invocations in order, presence), while its
 * transport lives in Redis: what the home writes is queued in a list per connection, and whichever
 * instance holds the client's stream or poll takes it (atomically, so once and in order) and is
 * woken through its own pub/sub channel; what the client sends to any instance is queued in the
 * connection's inbox list, which the home drains in order. WebSockets stay on one instance.
 */
export function createSharedTransports(options: SharedTransportsOptions) {
  const instanceId = randomUUID();
  const prefix = options.keyPrefix;
  const commands = new Redis(options.redisUrl, { maxRetriesPerRequest: 3, lazyConnect: true });
  const subscriber = new Redis(options.redisUrl, { lazyConnect: true });
  const report = (error: unknown) => options.onError?.(error);
  commands.on('error', report);
  subscriber.on('error', report);
  const stateKey = (token: string) => `${prefix}:c:${token}`;
  const outboxKey = (token: string) => `${prefix}:o:${token}`;
  const inboxKey = (token: string) => `${prefix}:i:${token}`;
  const channelPrefix = `${prefix}:h:`;
  const ownChannel = channelPrefix + instanceId;

  /** Connections negotiated here. */
  const homeConnections = new Map<string, RealtimeConnection>();
  const endedHere = new Set<string>();
  const drains = new Map<string, Promise<void>>();
  /** Streams and polls held here, by token. */
  const readers = new Map<string, Reader>();

  function run(script: string, keys: string[], args: (string | number)[]): Promise<unknown> {
    return commands.eval(script, keys.length, ...keys, ...args);
  }

  function pushOut(token: string, text: string): void {
    run(PUSH_OUT, [stateKey(token), outboxKey(token), token], [channelPrefix, options.stateTtlMs, text]).catch(report);
  }

  function endOut(token: string, dropQueued: boolean): Promise<unknown> {
    return run(END_OUT, [stateKey(token), outboxKey(token), token], [channelPrefix, dropQueued ? '1' : '0', options.endedGraceMs, END]);
  }

  function sinkFor(token: string): TransportSink {
    return {
      write: (text) => pushOut(token, text),
      end: () => {
        endedHere.add(token);
        endOut(token, false).catch(report);
      },
      abort: () => {
        endedHere.add(token);
        endOut(token, true).catch(report);
      },
    };
  }

  /** Applies the client's queued input to a connection negotiated here, one entry after another. */
  function drain(token: string): Promise<void> {
    const previous = drains.get(token) ?? Promise.resolve();
    const next = previous
      .then(async () => {
        for (;;) {
          const items = await commands.lpop(inboxKey(token), MAX_TAKE);
          if (!items || items.length === 0) return;
          const connection = homeConnections.get(token);
          if (!connection) continue; // ended here: what it still receives is dropped
          const nowMs = Date.now();
          for (const item of items) {
            const kind = item[0];
            if (kind === 'a') {
              if (!connection.hasTransport) connection.attach(item.slice(1) as TransportName, sinkFor(token), nowMs);
            } else if (kind === 'r') connection.receive(item.slice(1), nowMs);
            else if (kind === 'p') connection.touch(nowMs);
            else if (kind === 'd') connection.transportClosed();
          }
        }
      })
      .catch(report);
    drains.set(token, next);
    void next.then(() => {
      if (drains.get(token) === next) drains.delete(token);
    });
    return next;
  }

  /** Tells the home instance its connection has input (drained here at once when this is the home). */
  async function notifyHome(state: SharedConnectionState, token: string): Promise<void> {
    if (state.home === instanceId) await drain(token);
    else await commands.publish(channelPrefix + state.home, `i${token}`);
  }

  async function pushIn(state: SharedConnectionState, token: string, entry: string): Promise<void> {
    await commands.multi().rpush(inboxKey(token), entry).pexpire(inboxKey(token), options.stateTtlMs).exec();
    await notifyHome(state, token);
  }

  function finishPoll(token: string, reader: Reader & { kind: 'poll' }, send: (reply: FastifyReply) => void): void {
    if (readers.get(token) === reader) readers.delete(token);
    clearTimeout(reader.timer);
    if (!reader.reply.sent) send(reader.reply);
  }

  /** Takes what is queued for the reader held here, until nothing is left. */
  async function pump(token: string): Promise<void> {
    const reader = readers.get(token);
    if (!reader) return;
    if (reader.isBusy) {
      reader.isDue = true;
      return;
    }
    reader.isBusy = true;
    try {
      do {
        reader.isDue = false;
        if (readers.get(token) !== reader) return;
        const taken = (await run(
          TAKE,
          [stateKey(token), outboxKey(token), inboxKey(token)],
          [instanceId, MAX_TAKE, Date.now(), TOUCH_EVERY_MS, options.stateTtlMs],
        )) as [string, number, string, ...string[]] | null;
        if (!taken) {
          deliverGone(token, reader);
          return;
        }
        const [ended, touched, home, ...items] = taken;
        if (touched === 1) {
          if (home === instanceId) void drain(token);
          else await commands.publish(channelPrefix + home, `i${token}`);
        }
        const endAt = items.indexOf(END);
        const records = endAt >= 0 ? items.slice(0, endAt) : items;
        const isEnded = endAt >= 0 || (ended === '1' && items.length === 0);
        if (readers.get(token) !== reader || reader.reply.raw.destroyed) {
          // The client left between the take and now: keep what was taken for its next request.
          if (items.length > 0) await commands.lpush(outboxKey(token), ...items.reverse());
          return;
        }
        if (reader.kind === 'poll') {
          if (records.length > 0) {
            finishPoll(token, reader, (reply) => void reply.code(200).type('text/plain; charset=utf-8').send(records.join('')));
            return;
          }
          if (isEnded) {
            finishPoll(token, reader, (reply) => void reply.code(204).send());
            return;
          }
        } else {
          for (const record of records) reader.reply.raw.write(formatSseEvent(record));
          if (isEnded) {
            reader.isEnded = true;
            readers.delete(token);
            reader.reply.raw.end();
            return;
          }
        }
      } while (reader.isDue);
    } catch (error) {
      report(error);
    } finally {
      reader.isBusy = false;
    }
  }

  function deliverGone(token: string, reader: Reader): void {
    if (reader.kind === 'poll') finishPoll(token, reader, (reply) => void reply.code(404).send());
    else {
      reader.isEnded = true;
      readers.delete(token);
      reader.reply.raw.end();
    }
  }

  async function readState(token: string): Promise<SharedConnectionState | null> {
    const fields = await commands.hgetall(stateKey(token));
    if (!fields.h || !fields.u) return null;
    return {
      home: fields.h,
      userId: fields.u,
      transport: (fields.t as TransportName | undefined) ?? null,
      isEnded: fields.e === '1',
    };
  }

  return {
    instanceId,

    async start(): Promise<void> {
      await Promise.all([commands.connect(), subscriber.connect()]);
      subscriber.on('message', (_channel: string, text: string) => {
        const token = text.slice(1);
        if (text[0] === 'i') void drain(token);
        else if (text[0] === 'o') void pump(token);
      });
      await subscriber.subscribe(ownChannel);
    },

    /** A connection negotiated here: every instance may now take its transport requests. */
    async register(connection: RealtimeConnection): Promise<void> {
      homeConnections.set(connection.token, connection);
      await commands
        .multi()
        .hset(stateKey(connection.token), { h: instanceId, u: connection.userId })
        .pexpire(stateKey(connection.token), options.stateTtlMs)
        .exec();
    },

    /** The hub ended a connection negotiated here: waiting polls get 204, streams end. */
    connectionEnded(connection: RealtimeConnection): void {
      if (!homeConnections.delete(connection.token)) return;
      if (endedHere.delete(connection.token)) return;
      endOut(connection.token, false).catch(report);
    },

    /** The connection behind a token, for the user who negotiated it only. */
    async lookup(token: string, userId: string): Promise<SharedConnectionState | null> {
      const state = await readState(token);
      return state && state.userId === userId ? state : null;
    },

    /** Decides the connection's transport: 'claimed', 'gone', 'ended', or the transport it already has. */
    async claim(token: string, transport: TransportName): Promise<string> {
      const attachAtHome = transport === 'WebSockets' ? '0' : '1';
      const result = String(await run(CLAIM, [stateKey(token), inboxKey(token)], [transport, attachAtHome, options.stateTtlMs]));
      if (result === 'claimed' && attachAtHome === '1') {
        const state = await readState(token);
        if (state) await notifyHome(state, token);
      }
      return result;
    },

    /** Holds the SSE response here and streams the connection's outbox into it. */
    openStream(token: string, state: SharedConnectionState, request: FastifyRequest, reply: FastifyReply): void {
      const headers = reply.getHeaders();
      reply.hijack();
      const response = reply.raw;
      response.writeHead(200, {
        ...(headers as Record<string, string | number | string[]>),
        'content-type': 'text/event-stream',
        'cache-control': 'no-cache, no-transform',
        'x-accel-buffering': 'no',
      });
      response.flushHeaders();
      response.write(':\r\n\r\n');
      request.raw.socket.setTimeout(0);
      const reader: Reader = { kind: 'stream', reply, isBusy: false, isDue: false, isEnded: false };
      readers.set(token, reader);
      response.on('close', () => {
        if (readers.get(token) === reader) readers.delete(token);
        if (!reader.isEnded) pushIn(state, token, 'd').catch(report);
      });
      void pump(token);
    },

    /** A long poll held here: answered with what is queued, or when something arrives, or empty on timeout. */
    poll(token: string, reply: FastifyReply): void {
      const previous = readers.get(token);
      if (previous?.kind === 'poll') finishPoll(token, previous, (r) => void r.code(204).send());
      const timer = setTimeout(() => {
        if (readers.get(token) === reader) finishPoll(token, reader, (r) => void r.code(200).type('text/plain; charset=utf-8').send(''));
      }, options.pollTimeoutMs);
      timer.unref();
      const reader: Reader & { kind: 'poll' } = { kind: 'poll', reply, timer, isBusy: false, isDue: false };
      readers.set(token, reader);
      reply.raw.on('close', () => {
        if (readers.get(token) === reader && !reply.sent) {
          clearTimeout(timer);
          readers.delete(token);
        }
      });
      void pump(token);
    },

    /** Client-to-server text, for the home to apply in order. */
    send(token: string, state: SharedConnectionState, text: string): Promise<void> {
      return pushIn(state, token, `r${text}`);
    },

    /** The client's DELETE: the home ends the connection; a waiting poll gets 204. */
    async remove(token: string, state: SharedConnectionState): Promise<void> {
      await endOut(token, true);
      await pushIn(state, token, 'd');
    },

    /** Keeps the keys of connections negotiated here alive (a dead instance's expire). */
    async refresh(): Promise<void> {
      if (homeConnections.size === 0) return;
      const pipeline = commands.pipeline();
      for (const token of homeConnections.keys()) {
        if (endedHere.has(token)) continue;
        pipeline.pexpire(stateKey(token), options.stateTtlMs);
        pipeline.pexpire(outboxKey(token), options.stateTtlMs);
      }
      await pipeline.exec();
    },

    /**
     * Polls held here show their clients are there: one take each (nothing queued, so it only
     * touches) keeps the home from timing them out. Call more often than the client timeout.
     */
    keepPollsAlive(): void {
      for (const [token, reader] of readers) if (reader.kind === 'poll') void pump(token);
    },

    /** Shutdown: polls answer empty (the client polls again, elsewhere); streams end. */
    closeReaders(): void {
      for (const [token, reader] of [...readers]) {
        if (reader.kind === 'poll') finishPoll(token, reader, (r) => void r.code(200).type('text/plain; charset=utf-8').send(''));
        else reader.reply.raw.end();
      }
    },

    async close(): Promise<void> {
      await Promise.all([...drains.values()]);
      subscriber.disconnect();
      await commands.quit().catch(() => commands.disconnect());
    },
  };
}
export type SharedTransports = ReturnType<typeof createSharedTransports>;
