import { QueryClient } from '@tanstack/react-query';
import { isApiError } from './api-client';

/** A 4xx will answer the same on a retry; only network failures and 5xx are worth one more try. */
function shouldRetry(failureCount: number, error: unknown): boolean {
  if (isApiError(error) && error.status < 500) return false;
  return failureCount < 1;
}

/** The app's cache settings; the server renderer makes one client per page with the same settings. */
export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: { queries: { staleTime: 30_000, retry: shouldRetry, refetchOnWindowFocus: false } },
  });
}

export const queryClient = createQueryClient();
