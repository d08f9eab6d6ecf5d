import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Wallet } from '@rentdrive/contracts/wallet';
import { IDEMPOTENCY_KEY_HEADER, type WalletTransaction, type WithdrawRequest, type WithdrawResponse } from '@rentdrive/contracts/wallet';
import { callApi } from '../../../lib/api-client';
import { useRefreshSession } from '../../../lib/session';
import { TRANSACTION_HISTORY_QUERY_KEY } from './get-transaction-history';

/**
 * POST /api/wallet/withdraw. The Idempotency-Key is made once per modal submission, so a network
 * retry of the same submission is answered once instead of paying out twice.
 */
export function withdraw(body: WithdrawRequest, idempotencyKey: string): Promise<WithdrawResponse> {
  return callApi(Wallet.withdraw, { body: body, headers: { [IDEMPOTENCY_KEY_HEADER]: idempotencyKey } });
}

export function useWithdraw() {
  const queryClient = useQueryClient();
  const refreshSession = useRefreshSession();
  return useMutation({
    mutationFn: ({ body, idempotencyKey }: { body: WithdrawRequest; idempotencyKey: string }) => withdraw(body, idempotencyKey),
    onSuccess: async (transaction) => {
      // The returned Withdraw row goes first in the history, then the balance is reloaded.
      queryClient.setQueryData<WalletTransaction[]>(TRANSACTION_HISTORY_QUERY_KEY, (old) => [
        transaction,
        ...(old ?? []).filter((t) => t.id !== transaction.id),
      ]);
      await refreshSession();
    },
  });
}
