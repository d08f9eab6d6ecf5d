import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { UpdateProfileRequest } from '@rentdrive/contracts/account';
import { Account } from '@rentdrive/contracts/account';
import { callApi } from '../../../lib/api-client';
import { SESSION_QUERY_KEY } from '../../../lib/session';

export function updateProfile(body: UpdateProfileRequest) {
  return callApi(Account.updateProfileDetails, { body });
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
        // A new address waits for its confirmation (issue 25): the status shows it as pending.
        queryClient.invalidateQueries({ queryKey: ['account', 'email-status'] }),
      ]);
    },
  });
}
