import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Wallet } from '@rentdrive/contracts/wallet';
import { IDEMPOTENCY_KEY_HEADER, type AddFundsRequest, type AddFundsResponse, type WalletTransaction } from '@rentdrive/contracts/wallet';
import { callApi } from '../../../lib/api-client';
import { useRefreshSession } from '../../../lib/session';
import { TRANSACTION_HISTORY_QUERY_KEY } from './get-transaction-history';

/**
 * POST /api/wallet/add-funds. The Idempotency-Key is made once per modal submission, so a network
 * retry of the same submission returns the first answer instead of charging the card twice.
 */
export function addFunds(body: AddFundsRequest, idempotencyKey: string): Promise<AddFundsResponse> {
  return callApi(Wallet.addFunds, { body: body, headers: { [IDEMPOTENCY_KEY_HEADER]: idempotencyKey } });
}

export function useAddFunds() {
  const queryClient = useQueryClient();
  const refreshSession = useRefreshSession();
  return useMutation({
    mutationFn: ({ body, idempotencyKey }: { body: AddFundsRequest; idempotencyKey: string }) => addFunds(body, idempotencyKey),
    onSuccess: async (transaction) => {
      // The returned transaction goes first in the history, then the balance is reloaded.
      queryClient.setQueryData<WalletTransaction[]>(TRANSACTION_HISTORY_QUERY_KEY, (old) => [
        transaction,
        ...(old ?? []).filter((t) => t.id !== transaction.id),
      ]);
      await refreshSession();
    },
  });
}
