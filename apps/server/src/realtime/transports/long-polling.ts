import type { FastifyReply } from 'fastify';
import type { RealtimeConnection } from '../connection';

interface WaitingPoll {
  reply: FastifyReply;
  timer: NodeJS.Timeout;
}

/** Server-to-client records waiting for a poll, and the poll waiting for records. */
interface PollState {
  outbox: string[];
  outboxChars: number;
  waiting: WaitingPoll | null;
  isEnded: boolean;
}

export interface LongPollingOptions {
  /** A poll without data is answered 200 empty after this (the client gives up after 100 s). */
  pollTimeoutMs: number;
  /** A connection whose client stops polling while records pile up is dropped past this. */
  maxBufferedChars: number;
  /** An ended connection still answers polls with 204 for this long, then 404. */
  endedGraceMs: number;
}

/**
 * Long polling: each GET takes what is queued or waits for it; the first GET of a connection
 * returns at once (it only confirms the connection), a newer poll ends the older one with 204, and
 * once the connection has ended polls get 204 so the client stops.
 */
export function createLongPolling(options: LongPollingOptions) {
  const states = new Map<string, PollState>();

  function answer(state: PollState): boolean {
    const waiting = state.waiting;
    if (!waiting) return false;
    if (state.outbox.length === 0 && !state.isEnded) return false;
    state.waiting = null;
    clearTimeout(waiting.timer);
    if (state.outbox.length > 0) {
      const body = state.outbox.join('');
      state.outbox = [];
      state.outboxChars = 0;
      void waiting.reply.code(200).type('text/plain; charset=utf-8').send(body);
    } else {
      void waiting.reply.code(204).send();
    }
    return true;
  }

  function attach(connection: RealtimeConnection): void {
    const state: PollState = { outbox: [], outboxChars: 0, waiting: null, isEnded: false };
    states.set(connection.token, state);
    const end = () => {
      state.isEnded = true;
      answer(state);
      setTimeout(() => states.delete(connection.token), options.endedGraceMs).unref();
    };
    connection.attach(
      'LongPolling',
      {
        write: (text) => {
          state.outbox.push(text);
          state.outboxChars += text.length;
          if (answer(state)) return;
          if (state.outboxChars > options.maxBufferedChars) connection.abort();
        },
        end,
        abort: () => {
          state.outbox = [];
          end();
        },
        isClientWaiting: () => state.waiting !== null,
      },
      Date.now(),
    );
  }

  return {
    /** Whether this token belongs to a long-polling connection (ended ones included, for a while). */
    has(token: string): boolean {
      return states.has(token);
    },

    attach,

    /** Handles a poll for a known long-polling connection. */
    poll(token: string, reply: FastifyReply): void {
      const state = states.get(token);
      if (!state) {
        void reply.code(404).send();
        return;
      }
      const previous = state.waiting;
      if (previous) {
        state.waiting = null;
        clearTimeout(previous.timer);
        void previous.reply.code(204).send();
      }
      const timer = setTimeout(() => {
        if (state.waiting?.reply !== reply) return;
        state.waiting = null;
        void reply.code(200).type('text/plain; charset=utf-8').send('');
      }, options.pollTimeoutMs);
      timer.unref();
      state.waiting = { reply, timer };
      reply.raw.on('close', () => {
        // The client gave up on this poll (abort or its own timeout): keep the records for the next one.
        if (state.waiting?.reply === reply && !reply.sent) {
          clearTimeout(timer);
          state.waiting = null;
        }
      });
      answer(state);
    },

    /** The client's DELETE: end the connection and release the waiting poll with 204. */
    remove(token: string): void {
      const state = states.get(token);
      if (!state) return;
      state.isEnded = true;
      state.outbox = [];
      answer(state);
    },

    closeAll(): void {
      for (const state of states.values()) {
        state.isEnded = true;
        answer(state);
      }
      states.clear();
    },
  };
}
export type LongPolling = ReturnType<typeof createLongPolling>;
