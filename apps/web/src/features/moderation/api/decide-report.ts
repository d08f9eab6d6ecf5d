import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Moderation, type DecisionRequest } from '@rentdrive/contracts/moderation';
import { callApi } from '../../../lib/api-client';

/** An employee decides a report (and with it every open report of the same target). */
export function useDecideReport() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ reportId, body }: { reportId: string; body: DecisionRequest }) =>
      callApi(Moderation.decide, { params: { id: reportId }, body }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['moderation'] }),
  });
}
