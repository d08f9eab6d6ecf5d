import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import type { Clock } from '../../lib/clock';

/**
 * The known-device cookie: set when a browser signs in, it names the account (user id and issue
 * time, signed with a server key; nothing secret in it) and lets that browser sign in to that account
 * while the account is locked by failures from elsewhere. Verified without any lookup, so every
 * instance accepts what another issued. It identifies the browser, not a session: logout keeps it.
 */
export { DEVICE_COOKIE, DEVICE_COOKIE_PATH } from '../../lib/session-user';
const MAX_AGE_MS = 365 * 86_400_000;
const VERSION = 'd1';

export interface DeviceCookie {
  token: string;
  expiresAt: Date;
}

export interface KnownDevice {
  userId: string;
  /** The throttle key of this one cookie: its own failures lock only it. */
  throttleKey: string;
}

export interface KnownDevices {
  issue(userId: string): Promise<DeviceCookie>;
  /** The device the cookie names, or undefined for a missing, malformed, forged or expired one. */
  verify(token: string | undefined): Promise<KnownDevice | undefined>;
}

export function createKnownDevices(key: () => Promise<Buffer>, clock: Clock): KnownDevices {
  const sign = async (payload: string) =>
    createHmac('sha256', await key())
      .update(`${VERSION}.${payload}`)
      .digest('base64url');
  return {
    async issue(userId) {
      const issuedAtMs = clock.now().getTime();
      // The nonce tells apart two browsers that signed in within one millisecond (their own budgets).
      const payload = `${userId}.${issuedAtMs.toString(36)}.${randomBytes(9).toString('base64url')}`;
      return { token: `${VERSION}.${payload}.${await sign(payload)}`, expiresAt: new Date(issuedAtMs + MAX_AGE_MS) };
    },
    async verify(token) {
      // A uuid, the issue time in base 36, a nonce and an HMAC-SHA256 (base64url); anything else is not ours.
      const parts = token?.split('.');
      if (!parts || parts.length !== 5 || parts[0] !== VERSION) return undefined;
      const [, userId, issued, nonce, signature] = parts as [string, string, string, string, string];
      if (!/^[0-9a-f-]{36}$/.test(userId) || !/^[0-9a-z]{1,12}$/.test(issued) || !/^[\w-]{12}$/.test(nonce)) return undefined;
      if (!/^[\w-]{43}$/.test(signature)) return undefined;
      const expected = Buffer.from(await sign(`${userId}.${issued}.${nonce}`));
      if (!timingSafeEqual(expected, Buffer.from(signature))) return undefined;
      if (clock.now().getTime() - parseInt(issued, 36) > MAX_AGE_MS) return undefined;
      return { userId, throttleKey: `device:${userId}:${issued}.${nonce}` };
    },
  };
}

// The key store moved to db/server-keys.ts (the wallet signs with it too); re-exported for app.ts.
export { databaseKey } from '../../db/server-keys';
