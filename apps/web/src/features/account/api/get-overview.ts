import { queryOptions, useQuery } from '@tanstack/react-query';
import { callApi } from '../../../lib/api-client';
import { Account } from '@rentdrive/contracts/account';

export const overviewQueryOptions = queryOptions({
  queryKey: ['account', 'overview'],
  queryFn: ({ signal }) => callApi(Account.overviewDetails, { signal }),
  staleTime: 0,
});

export function useOverview() {
  return useQuery(overviewQueryOptions);
}
