import type { BuildAppOptions } from '../src/app';
import type { AppConfig } from '../src/config/env';
import { registerRentalTestHooks } from '../src/modules/rentals/rentals.test-hooks';

/**
 * The end-to-end suite's time-travel routes, added by the test entry points (createTestApp, the e2e
 * server) when E2E_TEST_HOOKS is set; the production server never registers them.
 */
export function testHookRoutes(config: AppConfig): BuildAppOptions['extraRoutes'] {
  return config.e2eTestHooks ? (app, services) => registerRentalTestHooks(app, services.rentals, services.reviews) : undefined;
}
