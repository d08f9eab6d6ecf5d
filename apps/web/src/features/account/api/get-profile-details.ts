import { queryOptions, useQuery } from '@tanstack/react-query';
import type { UserProfileDetails } from '@rentdrive/contracts/account';
import { apiFetch } from '../../../lib/api-client';

export const profileDetailsQueryOptions = queryOptions({
  queryKey: ['account', 'profile-details'],
  queryFn: ({ signal }) => apiFetch<UserProfileDetails>('/api/account/user-profile-details', { signal }),
  staleTime: 0,
});

export function useProfileDetails() {
  return useQuery(profileDetailsQueryOptions);
}
