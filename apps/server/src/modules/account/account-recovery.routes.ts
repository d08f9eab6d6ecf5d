import type { FastifyInstance } from 'fastify';
import { AccountRecovery } from '@rentdrive/contracts/account-recovery';
import { AccountPaths } from '@rentdrive/contracts/paths';
import type { RateLimiter } from '../../lib/rate-limit';
import { siteOrigin } from '../../lib/site-origin';
import { endpointRoutes } from '../../plugins/endpoint-routes';
import { requireUser } from '../../plugins/session';
import { auditContext } from '../audit/audit.service';
import type { AccountRecoveryService } from './account-recovery.service';
import { registerVerifiedEmailGuard } from './verified-email-guard';

export interface AccountRecoveryRoutesOptions {
  service: AccountRecoveryService;
  /** Per client address, before the body is read: forgot-password, reset-password, verify-email. */
  clientRate: RateLimiter;
  /** The origin of the links in mail (PUBLIC_URL; required in production when mail leaves the machine). */
  publicUrl: string | undefined;
}

const accepted = { accepted: true as const };
const succeeded = { succeeded: true as const };

/** /api/account/forgot-password, reset-password, verify-email, resend-verification, email-status. */
export function registerAccountRecoveryRoutes(
  app: FastifyInstance,
  { service, clientRate, publicUrl }: AccountRecoveryRoutesOptions,
): void {
  const { route } = endpointRoutes(app, { tags: ['account'] });
  // REQUIRE_VERIFIED_EMAIL: renting and listing (registered after this) wait for a verified address.
  registerVerifiedEmailGuard(app, service);
  // A new address in Settings (PUT update-profile-details, registered after this): the account keeps
  // its address until the new one is verified (issue 25). Checked and set aside before the handler,
  // which then saves the rest of the profile with the current address; once it answered 200 the new
  // address gets a link to confirm it and the current one a notice.
  const profileUpdate = `PUT ${AccountPaths.updateProfileDetails}`;
  const requestedEmail = new WeakMap<object, string>();
  app.addHook('preHandler', async (request) => {
    if (!request.user || `${request.method} ${request.routeOptions.url}` !== profileUpdate) return;
    const body = request.body as { email?: unknown } | undefined;
    if (!body || typeof body.email !== 'string') return;
    const status = await service.emailStatus(request.user.id).catch(() => undefined);
    if (!status || status.email.toLowerCase() === body.email.toLowerCase()) return;
    await service.assertEmailFree(request.user.id, body.email);
    requestedEmail.set(request, body.email);
    body.email = status.email;
  });
  // onSend, not onResponse: written before the answer leaves, so a client that saw the 200 (and a
  // test's or the fuzz suite's next look at the database) sees the outbox rows.
  app.addHook('onSend', async (request, reply, payload) => {
    const requested = requestedEmail.get(request);
    if (requested === undefined || reply.statusCode !== 200 || !request.user) return payload;
    await service
      .emailChangeRequested(request.user.id, requested, siteOrigin(request, publicUrl))
      .catch((error: unknown) => request.log.error({ err: error }, 'e-mail change request failed'));
    return payload;
  });
  const limited = { onRequest: (request: { ip: string }) => clientRate.take(request.ip) };

  route(AccountRecovery.forgotPassword, { access: 'public', ...limited }, async (request, reply) => {
    await service.forgotPassword(request.body.emailOrUsername, siteOrigin(request, publicUrl));
    return reply.status(202).send(accepted);
  });

  route(AccountRecovery.resetPassword, { access: 'public', ...limited }, async (request, reply) => {
    await service.resetPassword(request.body, siteOrigin(request, publicUrl), auditContext(request));
    // Every session of the account ended, this browser's too if it had one.
    reply.clearSessionCookie();
    return succeeded;
  });

  route(AccountRecovery.verifyEmail, { access: 'public', ...limited }, async (request) => {
    await service.verifyEmail(request.body.token, siteOrigin(request, publicUrl), auditContext(request));
    return succeeded;
  });

  route(AccountRecovery.resendVerification, { access: 'user' }, async (request, reply) => {
    const user = requireUser(request);
    await service.sendVerification(user.id, siteOrigin(request, publicUrl));
    return reply.status(202).send(accepted);
  });

  route(AccountRecovery.emailStatus, { access: 'user' }, async (request, reply) => {
    const user = requireUser(request);
    reply.header('Cache-Control', 'no-store');
    return service.emailStatus(user.id);
  });
}
