import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { API_PREFIX, ChatPaths } from '@rentdrive/contracts/paths';
import { AppError } from '../lib/app-error';
import { DEVICE_COOKIE, DEVICE_COOKIE_PATH } from '../lib/session-user';
import { SESSION_COOKIE, type SessionResolver, type SessionUser } from '../lib/session-user';

declare module 'fastify' {
  interface FastifyRequest {
    /** The signed-in user, or null. Resolved for /api and /chat requests. */
    user: SessionUser | null;
  }
}

export interface SessionPluginOptions {
  sessions: SessionResolver;
  cookieSecure: boolean;
}

export function registerSession(app: FastifyInstance, { sessions, cookieSecure }: SessionPluginOptions): void {
  app.decorateRequest('user', null);
  app.addHook('onRequest', async (request, reply) => {
    const url = request.url.toLowerCase();
    if (!url.startsWith(API_PREFIX) && !url.startsWith(ChatPaths.hub)) return;
    const token = request.cookies[SESSION_COOKIE];
    request.user = await sessions.resolve(token);
    // The browser would drop the cookie at its old expiry although the server extended the session.
    if (request.user?.renewedUntil && token) reply.setSessionCookie(token, request.user.renewedUntil);
  });

  app.decorateReply('setSessionCookie', function (this: FastifyReply, token: string, expiresAt: Date) {
    this.setCookie(SESSION_COOKIE, token, {
      path: '/',
      httpOnly: true,
      sameSite: 'lax',
      secure: cookieSecure,
      expires: expiresAt,
    });
  });
  // Kept by logout on purpose: it names the browser, not a session.
  app.decorateReply('setDeviceCookie', function (this: FastifyReply, token: string, expiresAt: Date) {
    this.setCookie(DEVICE_COOKIE, token, {
      path: DEVICE_COOKIE_PATH,
      httpOnly: true,
      sameSite: 'lax',
      secure: cookieSecure,
      expires: expiresAt,
    });
  });
  app.decorateReply('clearSessionCookie', function (this: FastifyReply) {
    this.clearCookie(SESSION_COOKIE, { path: '/', httpOnly: true, sameSite: 'lax', secure: cookieSecure });
  });
}

declare module 'fastify' {
  interface FastifyReply {
    setSessionCookie(token: string, expiresAt: Date): void;
    /** The known-device cookie (modules/account/known-device.ts). */
    setDeviceCookie(token: string, expiresAt: Date): void;
    clearSessionCookie(): void;
  }
}

/** The signed-in user, or a 401. */
export function requireUser(request: FastifyRequest): SessionUser {
  if (!request.user) throw AppError.unauthenticated();
  return request.user;
}

/** A signed-in company employee, or 401/403. */
export function requireEmployee(request: FastifyRequest): SessionUser {
  const user = requireUser(request);
  if (!user.isCompanyEmployee) throw AppError.forbidden('Only company employees can do this.');
  return user;
}
