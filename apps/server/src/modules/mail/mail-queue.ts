import type { PGlite } from '@electric-sql/pglite';
import { sql, type SQL } from 'drizzle-orm';
import type { Pool, QueryResult } from 'pg';
import PgBoss from 'pg-boss';
import type { Database, Tx } from '../../db/client';

/** The pg-boss queue that delivers the outbox's messages (ADR 020). */
export const MAIL_QUEUE = 'mail';

export interface MailQueueOptions {
  database: Database;
  /** Tries after the first failure; after the last the message is 'failed'. */
  retryLimit: number;
  /** Seconds before the first retry; doubled each time (pg-boss's retryBackoff). */
  retryDelaySeconds: number;
  /** How often an idle worker looks for new jobs (pg-boss polls; no LISTEN needed). */
  pollingIntervalSeconds: number;
  deliver: (outboxId: string, attempt: { retryCount: number; retryLimit: number }) => Promise<void>;
  onError: (error: unknown) => void;
}

type Executor = { executeSql(text: string, values?: unknown[]): Promise<{ rows: unknown[] }> };

/** pg-boss's statements run on the embedded database: several statements at once need exec(). */
function pgliteExecutor(client: PGlite): Executor {
  return {
    async executeSql(text, values) {
      if (!values || values.length === 0) {
        const results = await client.exec(text);
        return { rows: results.at(-1)?.rows ?? [] };
      }
      const result = await client.query(text, values);
      return { rows: result.rows };
    },
  };
}

function poolExecutor(pool: Pool): Executor {
  return {
    async executeSql(text, values) {
      const result = await pool.query(text, values);
      // Several statements at once answer one result each: the last one is pg-boss's.
      const last = Array.isArray(result) ? (result as QueryResult[]).at(-1) : result;
      return { rows: last?.rows ?? [] };
    },
  };
}

/** pg-boss's `$1` statement as a Drizzle query, so it runs inside the caller's transaction. */
export function positionalSql(text: string, values: unknown[] = []): SQL {
  const chunks: SQL[] = [];
  let last = 0;
  for (const match of text.matchAll(/\$(\d+)/g)) {
    chunks.push(sql.raw(text.slice(last, match.index)));
    // An undefined value would vanish from Drizzle's query: pg-boss means NULL by it.
    chunks.push(sql`${values[Number(match[1]) - 1] ?? null}`);
    last = match.index + match[0].length;
  }
  chunks.push(sql.raw(text.slice(last)));
  return sql.join(chunks, sql.raw(''));
}

function txExecutor(tx: Tx): Executor {
  return {
    async executeSql(text, values) {
      // Both drivers answer an object with the rows (PGlite's Results, node-postgres's QueryResult).
      const result: unknown = await tx.execute(positionalSql(text, values));
      return { rows: (result as { rows: unknown[] }).rows };
    },
  };
}

export interface MailQueue {
  /** Queues the delivery of an outbox row inside the transaction that wrote it. */
  enqueue(tx: Tx, outboxId: string): Promise<void>;
  start(): Promise<void>;
  stop(): Promise<void>;
}

export function createMailQueue(options: MailQueueOptions): MailQueue {
  const { database } = options;
  // pg-boss runs its statements on the app's own client: the embedded instance or the pool.
  const client = (database.db as unknown as { $client: unknown }).$client;
  const boss = new PgBoss({ db: database.kind === 'pglite' ? pgliteExecutor(client as PGlite) : poolExecutor(client as Pool) });
  boss.on('error', options.onError);
  let started = false;

  return {
    async enqueue(tx, outboxId) {
      await boss.send(
        MAIL_QUEUE,
        { outboxId },
        {
          db: txExecutor(tx),
          retryLimit: options.retryLimit,
          retryDelay: options.retryDelaySeconds,
          retryBackoff: true,
          // A message that could not be sent in a day is not worth sending late.
          expireInMinutes: 15,
          retentionMinutes: 24 * 60,
        },
      );
    },
    async start() {
      await boss.start();
      started = true;
      await boss.createQueue(MAIL_QUEUE);
      await boss.work<{ outboxId: string }>(
        MAIL_QUEUE,
        { pollingIntervalSeconds: options.pollingIntervalSeconds, batchSize: 1, includeMetadata: true },
        async ([job]) => {
          if (!job) return;
          await options.deliver(job.data.outboxId, { retryCount: job.retryCount, retryLimit: job.retryLimit });
        },
      );
    },
    async stop() {
      if (!started) return;
      started = false;
      await boss.stop({ graceful: true, wait: true, timeout: 5_000 });
    },
  };
}
