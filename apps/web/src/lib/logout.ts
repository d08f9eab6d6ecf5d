import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { AccountPaths } from '@rentdrive/contracts/paths/account';
import { callApi, lazyEndpoint } from './api-client';
import { stopLiveHub } from './live-hub';
import { SESSION_QUERY_KEY } from './session';

// Apart from lib/session.ts, which every page loads first: only the profile's screens sign out, and
// with this file the query library's mutation code (useMutation) stays out of the first load.
const LogoutEndpoint = lazyEndpoint('POST', AccountPaths.logout, (c) => c.Account.logout);

/** POST logout, drop everything cached for the old user, reload the user, go to '/'. */
export function useLogout() {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const mutation = useMutation({
    mutationFn: async () => {
      // The hub first: the server closes its connections on logout, and a retry would fail to sign in.
      await stopLiveHub();
      return callApi(LogoutEndpoint);
    },
    onError: () => {
      // A logout failure goes to the console only.
      console.error('Logout failed');
    },
    onSettled: async () => {
      queryClient.removeQueries({ predicate: (q) => q.queryKey[0] !== SESSION_QUERY_KEY[0] });
      await queryClient.invalidateQueries({ queryKey: SESSION_QUERY_KEY });
      void navigate('/');
    },
  });
  return { logout: () => mutation.mutate(), isPending: mutation.isPending };
}
