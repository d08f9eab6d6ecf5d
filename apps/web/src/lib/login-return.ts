/**
 * Where a successful login goes: back to the page that sent the visitor to /login ('Log in to rent'
 * passes the vehicle page with its dates as `state.from`), else / as the spec says. Only a path on
 * this site ('/…', not '//host') is followed.
 */
export function loginReturnPath(state: unknown): string {
  const from = typeof state === 'object' && state !== null ? (state as { from?: unknown }).from : undefined;
  return typeof from === 'string' && from.startsWith('/') && !from.startsWith('//') && !from.startsWith('/\\') ? from : '/';
}
