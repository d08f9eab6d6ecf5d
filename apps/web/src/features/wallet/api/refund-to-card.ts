import { useMutation, useQueryClient } from '@tanstack/react-query';
import {
  IDEMPOTENCY_KEY_HEADER,
  type RefundToCardRequest,
  type RefundToCardResponse,
  type WalletTransaction,
} from '@rentdrive/contracts/wallet';
import { Wallet } from '@rentdrive/contracts/wallet';
import { callApi } from '../../../lib/api-client';
import { useRefreshSession } from '../../../lib/session';
import { TRANSACTION_HISTORY_QUERY_KEY } from './get-transaction-history';

/**
 * POST /api/wallet/refund-to-card. The Idempotency-Key is made once per dialog submission, so a network
 * retry of the same submission is answered once instead of refunding twice.
 */
export function refundToCard(body: RefundToCardRequest, idempotencyKey: string): Promise<RefundToCardResponse> {
  return callApi(Wallet.refundToCard, { body: body, headers: { [IDEMPOTENCY_KEY_HEADER]: idempotencyKey } });
}

export function useRefundToCard() {
  const queryClient = useQueryClient();
  const refreshSession = useRefreshSession();
  return useMutation({
    mutationFn: ({ body, idempotencyKey }: { body: RefundToCardRequest; idempotencyKey: string }) => refundToCard(body, idempotencyKey),
    onSuccess: async (transaction) => {
      // The Refund to Card row goes first in the history (without the answer's card list), then the balances reload.
      const { refundedCards: _cards, ...row } = transaction;
      queryClient.setQueryData<WalletTransaction[]>(TRANSACTION_HISTORY_QUERY_KEY, (old) => [
        row,
        ...(old ?? []).filter((t) => t.id !== transaction.id),
      ]);
      await refreshSession();
    },
  });
}
