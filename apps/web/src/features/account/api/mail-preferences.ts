import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { MailEndpoints, type MailPreference } from '@rentdrive/contracts/mail';
import { callApi } from '../../../lib/api-client';

export const mailPreferencesQueryOptions = queryOptions({
  queryKey: ['mail', 'preferences'],
  queryFn: ({ signal }) => callApi(MailEndpoints.preferences, { signal }),
  staleTime: 0,
});

export function useMailPreferences() {
  return useQuery(mailPreferencesQueryOptions);
}

/** Switches one kind on or off; the answer (every kind) replaces the list. */
export function useSetMailPreference() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: MailPreference) => callApi(MailEndpoints.setPreference, { body }),
    onSuccess: (data) => queryClient.setQueryData(mailPreferencesQueryOptions.queryKey, data),
  });
}
