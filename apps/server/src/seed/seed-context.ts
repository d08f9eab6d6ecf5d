import type { AppConfig } from '../config/env';
import type { Database } from '../db/client';

export interface SeedContext {
  database: Database;
  config: AppConfig;
  log: (message: string) => void;
}

/** Demo password shared by every demo account (listed in the README). Satisfies the password rules. */
export const DEMO_PASSWORD = 'Demo1234';
