import { queryOptions, useQuery } from '@tanstack/react-query';
import type { OverviewDetails } from '@rentdrive/contracts/account';
import { apiFetch } from '../../../lib/api-client';

export const overviewQueryOptions = queryOptions({
  queryKey: ['account', 'overview'],
  queryFn: ({ signal }) => apiFetch<OverviewDetails>('/api/account/overview-details', { signal }),
  staleTime: 0,
});

export function useOverview() {
  return useQuery(overviewQueryOptions);
}
