import type { AppConfig } from './config/env';
import type { Database } from './db/client';
import type { Clock } from './lib/clock';
import type { SessionService } from './modules/session/session.service';

/** What buildApp wires into every module. Tests pass their own database and clock. */
export interface AppDeps {
  config: AppConfig;
  database: Database;
  clock: Clock;
  sessions: SessionService;
  /** Services other modules may call (a module never calls another's repository). Filled in order in app.ts. */
  services: Record<string, unknown>;
}
