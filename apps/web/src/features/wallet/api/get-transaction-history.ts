import { queryOptions, useQuery } from '@tanstack/react-query';
import { Wallet } from '@rentdrive/contracts/wallet';
import type { WalletTransaction } from '@rentdrive/contracts/wallet';
import { callApi } from '../../../lib/api-client';
import { WALLET_QUERY_KEY } from '../../../lib/wallet-queries';

export const TRANSACTION_HISTORY_QUERY_KEY = [...WALLET_QUERY_KEY, 'history'] as const;

/** GET /api/wallettransaction/history: newest first, amounts signed. */
export function getTransactionHistory(signal?: AbortSignal): Promise<WalletTransaction[]> {
  return callApi(Wallet.history, { signal });
}

export const transactionHistoryQueryOptions = queryOptions({
  queryKey: TRANSACTION_HISTORY_QUERY_KEY,
  queryFn: ({ signal }) => getTransactionHistory(signal),
});

export function useTransactionHistory() {
  return useQuery(transactionHistoryQueryOptions);
}
