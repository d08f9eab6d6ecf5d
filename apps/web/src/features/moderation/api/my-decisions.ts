import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Moderation } from '@rentdrive/contracts/moderation';
import { callApi } from '../../../lib/api-client';

const KEY = ['moderation', 'my-decisions'] as const;

/** The decisions that concern the signed-in person (their listings, their account). */
export function useMyDecisions() {
  return useQuery({ queryKey: KEY, queryFn: ({ signal }) => callApi(Moderation.myDecisions, { signal }) });
}

/** Answers a decision once; it goes back to the moderators' queue. */
export function useAnswerDecision() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ decisionId, details }: { decisionId: string; details: string }) =>
      callApi(Moderation.complain, { params: { id: decisionId }, body: { details } }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: KEY }),
  });
}
