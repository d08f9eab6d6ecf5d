import { randomUUID } from 'node:crypto';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';

/** Helpers the account route suites share (not a test file itself). */
export const GOOD_PASSWORD = 'Passw0rd';

export function uniqueName(prefix = 'u'): string {
  return `${prefix}${randomUUID().replaceAll('-', '').slice(0, 10)}`;
}

export function registration(overrides: Record<string, unknown> = {}) {
  const username = uniqueName();
  return { username, email: `${username}@example.com`, password: GOOD_PASSWORD, comfirmedPassword: GOOD_PASSWORD, ...overrides };
}

/** The `name=value` part of the response's session cookie, or undefined. */
export function sessionCookie(res: LightMyRequestResponse): string | undefined {
  const header = res.headers['set-cookie'];
  const cookies = Array.isArray(header) ? header : header ? [header] : [];
  const session = cookies.find((c) => c.startsWith('rd_session='));
  return session?.split(';')[0];
}

/** The full Set-Cookie line of the session cookie. */
export function sessionSetCookie(res: LightMyRequestResponse): string | undefined {
  const header = res.headers['set-cookie'];
  const cookies = Array.isArray(header) ? header : header ? [header] : [];
  return cookies.find((c) => c.startsWith('rd_session='));
}

export async function registerThroughApi(app: FastifyInstance, overrides: Record<string, unknown> = {}) {
  const body = registration(overrides);
  const res = await app.inject({ method: 'POST', url: '/api/account/register', payload: body });
  if (res.statusCode !== 200) throw new Error(`register failed: ${res.statusCode} ${res.body}`);
  return { ...body, cookie: sessionCookie(res)! };
}

export async function loginThroughApi(app: FastifyInstance, emailOrUsername: string, password = GOOD_PASSWORD) {
  return app.inject({ method: 'POST', url: '/api/account/login', payload: { emailOrUsername, password } });
}

/** The full Set-Cookie line of the known-device cookie, or undefined. */
export function deviceSetCookie(res: LightMyRequestResponse): string | undefined {
  const header = res.headers['set-cookie'];
  const cookies = Array.isArray(header) ? header : header ? [header] : [];
  return cookies.find((c) => c.startsWith('rd_device='));
}

/** The `name=value` part of the known-device cookie, to send back as a browser would. */
export function deviceCookie(res: LightMyRequestResponse): string | undefined {
  return deviceSetCookie(res)?.split(';')[0];
}
