import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { MailEndpoints } from '@rentdrive/contracts/mail';
import { callApi } from '../../../lib/api-client';

/** Employees: the messages that did not go out (failed first, then queued). */
export const mailOutboxQueryOptions = queryOptions({
  queryKey: ['mail', 'outbox'],
  queryFn: ({ signal }) => callApi(MailEndpoints.outbox, { signal }),
  staleTime: 0,
});

export function useMailOutbox() {
  return useQuery(mailOutboxQueryOptions);
}

/** A failed message queued again; the list is read again afterwards. */
export function useRetryMail() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => callApi(MailEndpoints.retry, { params: { id } }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: mailOutboxQueryOptions.queryKey }),
  });
}
