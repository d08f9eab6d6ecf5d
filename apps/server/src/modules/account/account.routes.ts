import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { Account } from '@rentdrive/contracts/account';
import { requestLocale } from '../../lib/i18n';
import type { RateLimiter } from '../../lib/rate-limit';
import { SESSION_COOKIE } from '../../lib/session-user';
import { endpointRoutes } from '../../plugins/endpoint-routes';
import { requireUser } from '../../plugins/session';
import { auditContext } from '../audit/audit.service';
import type { AccountService } from './account.service';
import { DEVICE_COOKIE } from './known-device';

export interface AccountRoutesOptions {
  service: AccountService;
  /** Per client address, counted before the body is even parsed, so guessing passwords stays slow. */
  loginRate: RateLimiter;
  registerRate: RateLimiter;
  /** After a registration (the verification mail, issue 25); awaited, never fails the request. */
  afterRegister?: (username: string, request: FastifyRequest) => Promise<void>;
  /** After a password change in Settings (the 'password was changed' mail). */
  afterPasswordChange?: (userId: string, request: FastifyRequest) => Promise<void>;
}

const succeeded = { succeeded: true as const };

/** Thin HTTP layer of /api/account/*: parse, call the service, set or clear the cookie. */
export function registerAccountRoutes(
  app: FastifyInstance,
  { service, loginRate, registerRate, afterRegister, afterPasswordChange }: AccountRoutesOptions,
): void {
  const { route } = endpointRoutes(app, { tags: ['account'] });
  const token = (request: FastifyRequest) => request.cookies[SESSION_COOKIE];
  const privateData = (reply: FastifyReply) => reply.header('Cache-Control', 'no-store');

  route(Account.register, { access: 'public', onRequest: (request) => registerRate.take(request.ip) }, async (request, reply) => {
    const session = await service.register(request.body, token(request), requestLocale(request) ?? 'en');
    reply.setSessionCookie(session.token, session.expiresAt);
    reply.setDeviceCookie(session.device.token, session.device.expiresAt);
    await afterRegister?.(request.body.username, request);
    return succeeded;
  });

  route(Account.login, { access: 'public', onRequest: (request) => loginRate.take(request.ip) }, async (request, reply) => {
    const session = await service.login(request.body, token(request), request.cookies[DEVICE_COOKIE], auditContext(request));
    reply.setSessionCookie(session.token, session.expiresAt);
    reply.setDeviceCookie(session.device.token, session.device.expiresAt);
    return succeeded;
  });

  route(Account.logout, { access: 'public' }, async (request, reply) => {
    await service.logout(token(request));
    reply.clearSessionCookie();
    return succeeded;
  });

  route(Account.me, { access: 'user' }, async (request, reply) => {
    const user = requireUser(request);
    privateData(reply);
    return service.me(user.id);
  });

  route(Account.session, { access: 'public' }, async (request, reply) => {
    privateData(reply);
    return { user: request.user ? await service.me(request.user.id) : null };
  });

  route(Account.overviewDetails, { access: 'user' }, async (request, reply) => {
    const user = requireUser(request);
    privateData(reply);
    return service.overview(user.id);
  });

  route(Account.profileDetails, { access: 'user' }, async (request, reply) => {
    const user = requireUser(request);
    privateData(reply);
    return service.profileDetails(user.id);
  });

  route(Account.updateProfileDetails, { access: 'user' }, async (request, reply) => {
    const user = requireUser(request);
    privateData(reply);
    return service.updateProfile(user.id, request.body);
  });

  route(Account.updateLanguage, { access: 'user' }, async (request, reply) => {
    const user = requireUser(request);
    privateData(reply);
    return service.updateLanguage(user.id, request.body);
  });

  route(Account.updatePassword, { access: 'user' }, async (request) => {
    const user = requireUser(request);
    await service.updatePassword(user.id, request.body, token(request), auditContext(request));
    await afterPasswordChange?.(user.id, request);
    return succeeded;
  });
}
