import { queryOptions, useQuery } from '@tanstack/react-query';
import { callApi } from '../../../lib/api-client';
import { Account } from '@rentdrive/contracts/account';

export const profileDetailsQueryOptions = queryOptions({
  queryKey: ['account', 'profile-details'],
  queryFn: ({ signal }) => callApi(Account.profileDetails, { signal }),
  staleTime: 0,
});

export function useProfileDetails() {
  return useQuery(profileDetailsQueryOptions);
}
