import { randomUUID } from 'node:crypto';
import type { StoredMessage } from './chat.repository';

export interface NewMessage {
  senderId: string;
  receiverId: string;
  text: string;
  sentAt: Date;
}

export interface MessageWriterStore {
  /** Inserts the rows in one statement; answers the ids whose receiver does not exist (FK) by failing the whole batch. */
  insertMessages(rows: (NewMessage & { id: string })[]): Promise<void>;
}

/** The most messages one INSERT carries. */
const MAX_BATCH = 200;

/**
 * Group commit for chat messages: while one INSERT is in flight, the next messages queue and go
 * together in the following one. Idle, a message is written at once (no added latency); busy,
 * many messages share one statement and one WAL flush, so throughput follows the load. A batch
 * that fails (for example an unknown receiver) is retried one message at a time, so each sender
 * gets its own answer.
 */
export function createMessageWriter(store: MessageWriterStore) {
  type Pending = { row: NewMessage & { id: string }; resolve: (m: StoredMessage) => void; reject: (e: unknown) => void };
  let queue: Pending[] = [];
  let isFlushing = false;

  async function insertOne(item: Pending): Promise<void> {
    try {
      await store.insertMessages([item.row]);
      item.resolve(item.row);
    } catch (error) {
      item.reject(error);
    }
  }

  async function flush(): Promise<void> {
    if (isFlushing) return;
    isFlushing = true;
    try {
      while (queue.length > 0) {
        const batch = queue.slice(0, MAX_BATCH);
        queue = queue.slice(batch.length);
        if (batch.length === 1) {
          await insertOne(batch[0]!);
          continue;
        }
        try {
          await store.insertMessages(batch.map((p) => p.row));
          for (const item of batch) item.resolve(item.row);
        } catch {
          for (const item of batch) await insertOne(item);
        }
      }
    } finally {
      isFlushing = false;
    }
  }

  return {
    write(message: NewMessage): Promise<StoredMessage> {
      return new Promise((resolve, reject) => {
        queue.push({ row: { id: randomUUID(), ...message }, resolve, reject });
        void flush();
      });
    },
  };
}
