import { queryOptions, useQuery } from '@tanstack/react-query';
import type { UserProfileDetails } from '@rentdrive/contracts/account';
import { apiFetch } from '../../../lib/api-client';
import { AccountPaths } from '@rentdrive/contracts/paths';

export const profileDetailsQueryOptions = queryOptions({
  queryKey: ['account', 'profile-details'],
  queryFn: ({ signal }) => apiFetch<UserProfileDetails>(AccountPaths.profileDetails, { signal }),
  staleTime: 0,
});

export function useProfileDetails() {
  return useQuery(profileDetailsQueryOptions);
}
