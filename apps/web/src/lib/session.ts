import { queryOptions, useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import type { CurrentUser } from '@rentdrive/contracts/account';
import { AccountSessionPaths } from '@rentdrive/contracts/paths/account-session';
import { callApi, isApiError, lazyEndpoint } from './api-client';

export type { CurrentUser };

export const SESSION_QUERY_KEY = ['session', 'me'] as const;

// Lazy: this file is on every page's first load, which carries no zod (lib/api-client.ts, lazyEndpoint).
const SessionEndpoint = lazyEndpoint('GET', AccountSessionPaths.session, (c) => c.Account.session);

/**
 * Whether the page's own response said its request carried no session cookie (the server's
 * `Server-Timing: session;desc="none"`, apps/server/src/web-render/page-server.ts): the visitor is
 * signed out, so the first load does not ask /api/account/session, whose answer's check would load
 * the contracts' chunk (zod, lib/lazy-contracts.ts) on every visitor's phone. Used once, for the
 * first answer: a sign-in, a sign-out or a later refetch asks the API. Absent (an older server, a
 * browser without serverTiming): the API is asked as before.
 */
let signedOutAtLoad = readSignedOutHint();

function readSignedOutHint(): boolean {
  if (typeof performance === 'undefined' || typeof performance.getEntriesByType !== 'function') return false;
  const [navigation] = performance.getEntriesByType('navigation') as Partial<PerformanceNavigationTiming>[];
  return navigation?.serverTiming?.some((entry) => entry.name === 'session' && entry.description === 'none') ?? false;
}

/**
 * Signed in when the server names a user. /api/account/session answers signed out with user null (a
 * 401 would be logged in the console of every public page); a 401 or 403 still means signed out.
 */
async function fetchCurrentUser(signal: AbortSignal): Promise<CurrentUser | null> {
  if (signedOutAtLoad) {
    signedOutAtLoad = false;
    return null;
  }
  try {
    return (await callApi(SessionEndpoint, { signal })).user;
  } catch (error) {
    if (isApiError(error) && (error.status === 401 || error.status === 403)) return null;
    throw error;
  }
}

export const sessionQueryOptions = queryOptions({
  queryKey: SESSION_QUERY_KEY,
  queryFn: ({ signal }) => fetchCurrentUser(signal),
  staleTime: 60_000,
  retry: 1,
});

export interface Session {
  user: CurrentUser | null;
  /** True until the first answer (or failure) of /me: guards wait for it before deciding. */
  isLoading: boolean;
  isAuthenticated: boolean;
  isCompanyEmployee: boolean;
}

export function useSession(): Session {
  const query = useQuery(sessionQueryOptions);
  // Any failure of /me means signed out, so an error is not a separate state here.
  const user = query.data ?? null;
  return {
    user,
    isLoading: query.isPending,
    isAuthenticated: user !== null,
    isCompanyEmployee: user?.isCompanyEmployee ?? false,
  };
}

/** Reload the current user (balance, pending balance, name) after rent, top-up, profile edits... */
export function useRefreshSession(): () => Promise<void> {
  const queryClient = useQueryClient();
  return useCallback(() => queryClient.invalidateQueries({ queryKey: SESSION_QUERY_KEY }), [queryClient]);
}
