import { queryOptions, useQuery } from '@tanstack/react-query';
import type { OverviewDetails } from '@rentdrive/contracts/account';
import { apiFetch } from '../../../lib/api-client';
import { AccountPaths } from '@rentdrive/contracts/paths';

export const overviewQueryOptions = queryOptions({
  queryKey: ['account', 'overview'],
  queryFn: ({ signal }) => apiFetch<OverviewDetails>(AccountPaths.overviewDetails, { signal }),
  staleTime: 0,
});

export function useOverview() {
  return useQuery(overviewQueryOptions);
}
