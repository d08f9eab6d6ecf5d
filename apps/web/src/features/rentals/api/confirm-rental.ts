import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Rentals } from '@rentdrive/contracts/rentals';
import type { MyRental } from '@rentdrive/contracts/rentals';
import { callApi } from '../../../lib/api-client';
import { useRefreshSession } from '../../../lib/session';
import { WALLET_QUERY_KEY } from '../../../lib/wallet-queries';
import { rentalKeys } from './rental-keys';

/** POST /api/rental/confirm-rental/{id}: Active and past its last day becomes Completed. */
export function confirmRental(rentalId: string): Promise<MyRental> {
  return callApi(Rentals.confirm, { params: { id: rentalId } });
}

export function useConfirmRental() {
  const queryClient = useQueryClient();
  const refreshSession = useRefreshSession();
  return useMutation({
    mutationFn: confirmRental,
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: rentalKeys.all }),
        queryClient.invalidateQueries({ queryKey: WALLET_QUERY_KEY }),
        refreshSession(),
      ]),
  });
}
