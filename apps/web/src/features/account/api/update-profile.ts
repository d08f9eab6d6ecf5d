import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { UpdateProfileRequest, UserProfileDetails } from '@rentdrive/contracts/account';
import { apiFetch } from '../../../lib/api-client';
import { SESSION_QUERY_KEY } from '../../../lib/session';
import { AccountPaths } from '@rentdrive/contracts/paths';

export function updateProfile(body: UpdateProfileRequest) {
  return apiFetch<UserProfileDetails>(AccountPaths.updateProfileDetails, { method: 'PUT', json: body });
}

/** Saves username, email and phone; the header's user and the overview reload. */
export function useUpdateProfile() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateProfile,
    onSuccess: async (details) => {
      queryClient.setQueryData(['account', 'profile-details'], details);
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: SESSION_QUERY_KEY }),
        queryClient.invalidateQueries({ queryKey: ['account', 'overview'] }),
      ]);
    },
  });
}
