import type { FastifyInstance } from 'fastify';
import { AccountRecoveryMessages } from '@rentdrive/contracts/account-recovery';
import { RentalPaths, VehiclePaths } from '@rentdrive/contracts/paths';
import { AppError } from '../../lib/app-error';
import type { AccountRecoveryService } from './account-recovery.service';

/** The routes that rent or list: with REQUIRE_VERIFIED_EMAIL they need a verified address. */
export const VERIFIED_EMAIL_ROUTES: ReadonlySet<string> = new Set([`POST ${RentalPaths.rent.pattern}`, `POST ${VehiclePaths.create}`]);

/**
 * REQUIRE_VERIFIED_EMAIL (issue 25, off by default): a signed-in caller whose current address is not
 * verified is refused renting and listing with a 403 that says how to verify. Anonymous callers are
 * left to the route's own access check (401). Registered before the routes it guards.
 */
export function registerVerifiedEmailGuard(app: FastifyInstance, service: AccountRecoveryService): void {
  if (!service.requireVerifiedEmail) return;
  app.addHook('preHandler', async (request) => {
    if (!request.user || !VERIFIED_EMAIL_ROUTES.has(`${request.method} ${request.routeOptions.url}`)) return;
    if (!(await service.isVerified(request.user.id))) throw AppError.forbidden(AccountRecoveryMessages.verifyFirst);
  });
}
