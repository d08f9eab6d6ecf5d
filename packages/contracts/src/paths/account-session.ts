/**
 * Who is signed in, if anyone (never 401): every page asks this on load, so it is in every first
 * load, in a file of its own (a bundle splits by file) apart from the account forms' paths.
 */
export const AccountSessionPaths = {
  session: '/api/account/session',
} as const;
