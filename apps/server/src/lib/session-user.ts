import { AccountPaths } from '@rentdrive/contracts/paths';

/**
 * What the HTTP layer and the realtime server know of sessions: the cookie, the signed-in user and
 * how to resolve one from a token. The session module (modules/session) implements the resolver;
 * the session plugin and the realtime server receive it from buildApp and never import the module.
 */
export const SESSION_COOKIE = 'rd_session';
/** The known-device cookie (modules/account/known-device.ts), which the session plugin sets. */
export const DEVICE_COOKIE = 'rd_device';
/** Sent only where it is read: with a sign-in. */
export const DEVICE_COOKIE_PATH = AccountPaths.login;

/** The signed-in user as every module sees it. */
export interface SessionUser {
  id: string;
  username: string;
  isCompanyEmployee: boolean;
  sessionId: string;
  /** Set when this request renewed the session (sliding expiry): the cookie is re-issued until then. */
  renewedUntil?: Date;
}

export interface SessionResolver {
  /** The user behind a cookie token, or null when missing, unknown or expired. */
  resolve(token: string | undefined): Promise<SessionUser | null>;
}
