import { queryOptions, useQuery } from '@tanstack/react-query';
import { Account } from '@rentdrive/contracts/account';
import { callApi } from '../../../lib/api-client';

export const profileDetailsQueryOptions = queryOptions({
  queryKey: ['account', 'profile-details'],
  queryFn: ({ signal }) => callApi(Account.profileDetails, { signal }),
  staleTime: 0,
});

export function useProfileDetails() {
  return useQuery(profileDetailsQueryOptions);
}
