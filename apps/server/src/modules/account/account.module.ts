import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../../app-deps';
import { registerAccountRoutes } from './account.routes';
import { createAccountService } from './account.service';

/** Wires the account module: repository -> service -> routes. Needs the wallet service (registered before). */
export async function registerAccountModule(app: FastifyInstance, deps: AppDeps): Promise<void> {
  const service = createAccountService({
    db: deps.database.db,
    clock: deps.clock,
    sessions: deps.sessions,
    getBalances: (userId) => {
      const wallet = deps.services.wallet;
      if (!wallet) throw new Error('The wallet module must be registered before the account module.');
      return wallet.getBalances(userId);
    },
  });
  registerAccountRoutes(app, {
    service,
    authRateLimitPerMinute: deps.config.authRateLimitPerMinute,
  });
}
