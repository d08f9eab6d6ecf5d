import { queryOptions, useQuery } from '@tanstack/react-query';
import { Account } from '@rentdrive/contracts/account';
import { callApi } from '../../../lib/api-client';

export const overviewQueryOptions = queryOptions({
  queryKey: ['account', 'overview'],
  queryFn: ({ signal }) => callApi(Account.overviewDetails, { signal }),
  staleTime: 0,
});

export function useOverview() {
  return useQuery(overviewQueryOptions);
}
