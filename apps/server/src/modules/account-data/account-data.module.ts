import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/client';
import type { Clock } from '../../lib/clock';
import type { RateLimiter } from '../../lib/rate-limit';
import type { ObjectStore } from '../../storage/object-store';
import { registerAccountDataRoutes } from './account-data.routes';
import { createAccountDeletion } from './account-deletion.service';
import { createAccountExport } from './account-export.service';

export interface AccountDataModuleDeps {
  db: Db;
  clock: Clock;
  store: ObjectStore;
  publicUrl: string | undefined;
  deleteRate: RateLimiter;
  /** The realtime server's: ends the hub connections of these sessions on every instance. */
  endSessions: (sessionIds: string[]) => Promise<void>;
}

/** The user's own data (issue 28): export (GET /api/account/export) and deletion (DELETE /api/account). */
export function registerAccountData(app: FastifyInstance, deps: AccountDataModuleDeps): void {
  const onError = (error: unknown, during: string) => app.log.error({ err: error }, `${during} failed`);
  registerAccountDataRoutes(app, {
    exporter: createAccountExport({ db: deps.db, clock: deps.clock }),
    deletion: createAccountDeletion({ db: deps.db, clock: deps.clock, store: deps.store, endSessions: deps.endSessions, onError }),
    publicUrl: deps.publicUrl,
    deleteRate: deps.deleteRate,
  });
}
