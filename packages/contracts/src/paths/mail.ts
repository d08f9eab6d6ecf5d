/** One-click unsubscribe from a kind of mail (RFC 8058): public, the signed token is the permission. */
export const MailPaths = {
  unsubscribe: '/api/mail/unsubscribe',
  /** Signed in: which kinds of mail the user gets (GET), one switched on or off (PUT). */
  preferences: '/api/mail/preferences',
} as const;
