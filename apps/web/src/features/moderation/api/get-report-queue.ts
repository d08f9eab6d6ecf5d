import { queryOptions, useQuery } from '@tanstack/react-query';
import { Moderation } from '@rentdrive/contracts/moderation';
import { callApi } from '../../../lib/api-client';

/** Employees: open reports and complaints grouped by target, the oldest first. */
export const reportQueueQueryOptions = queryOptions({
  queryKey: ['moderation', 'reports'],
  queryFn: ({ signal }) => callApi(Moderation.reports, { signal }),
  staleTime: 0,
});

export function useReportQueue() {
  return useQuery(reportQueueQueryOptions);
}
