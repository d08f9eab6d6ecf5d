import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Moderation } from '@rentdrive/contracts/moderation';
import { callApi } from '../../../lib/api-client';

/** Employees: people found by name, e-mail or id. */
export function useModerationUsers(q: string) {
  return useQuery({
    queryKey: ['moderation', 'users', q],
    queryFn: ({ signal }) => callApi(Moderation.users, { query: { q }, signal }),
    placeholderData: keepPreviousData,
  });
}

/** Employees: one person's listings, rentals, wallet, reports and decisions. */
export function useModerationUser(id: string | undefined) {
  return useQuery({
    queryKey: ['moderation', 'user', id],
    queryFn: ({ signal }) => callApi(Moderation.user, { params: { id: id! }, signal }),
    enabled: Boolean(id),
  });
}
