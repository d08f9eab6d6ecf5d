import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../../app-deps';
import { startAutoCompleteJob } from './auto-complete.job';
import { registerRentalsRoutes, registerRentalTestHooks } from './rentals.routes';
import { createRentalsService } from './rentals.service';

/** Renting, my rentals, confirm/cancel, owners' booking history, and the auto-complete job. */
export async function registerRentalsModule(app: FastifyInstance, deps: AppDeps): Promise<void> {
  const wallet = deps.services.wallet;
  if (!wallet) throw new Error('The wallet module must be registered before rentals.');
  const rentals = createRentalsService({
    db: deps.database.db,
    clock: deps.clock,
    timeZone: deps.config.timeZone,
    autoCompleteAfterDays: deps.config.autoCompleteAfterDays,
    wallet,
  });
  deps.services.rentals = rentals;
  registerRentalsRoutes(app, rentals);
  if (deps.config.e2eTestHooks) registerRentalTestHooks(app, rentals);

  // Route and service tests drive completion themselves with the manual clock; a timer firing in
  // the middle of a test would change what it observes.
  if (deps.config.env !== 'test') {
    const job = startAutoCompleteJob(rentals, app.log);
    app.addHook('onClose', async () => {
      await job.stop();
    });
  }
}
