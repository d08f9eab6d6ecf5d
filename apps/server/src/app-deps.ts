import type { AppConfig } from './config/env';
import type { Database } from './db/client';
import type { Clock } from './lib/clock';
import type { SessionService } from './modules/session/session.service';
import type { WalletService } from './modules/wallet/wallet.service';

/** What /api/account/me shows of a user's money. */
export interface WalletBalances {
  balanceCents: number;
  /** The owner's share of their vehicles' Active rentals, held in escrow until completion. */
  pendingCents: number;
}

/**
 * Services other modules may call (a module never calls another's repository). Each module adds
 * its entry when registered; app.ts registers providers before their users.
 */
export interface AppServices {
  /** The ledger: balances, top-ups, and the in-transaction payments rentals make. */
  wallet?: WalletService;
  /**
   * Parts that must have started before the instance takes traffic (/api/ready answers 503 until
   * each says ready), e.g. the search index's first load.
   */
  readiness?: { name: string; isReady(): boolean }[];
  [name: string]: unknown;
}

/** What buildApp wires into every module. Tests pass their own database and clock. */
export interface AppDeps {
  config: AppConfig;
  database: Database;
  clock: Clock;
  sessions: SessionService;
  services: AppServices;
}
