import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Rentals } from '@rentdrive/contracts/rentals';
import type { MyRental } from '@rentdrive/contracts/rentals';
import { callApi } from '../../../lib/api-client';
import { SEARCH_QUERY_PREFIX } from '../../../lib/listing-queries';
import { useRefreshSession } from '../../../lib/session';
import { WALLET_QUERY_KEY } from '../../../lib/wallet-queries';
import { rentalKeys } from './rental-keys';

/** POST /api/rental/cancel-rental/{id}: full refund, the days become free again. */
export function cancelRental(rentalId: string): Promise<MyRental> {
  return callApi(Rentals.cancel, { params: { id: rentalId } });
}

export function useCancelRental() {
  const queryClient = useQueryClient();
  const refreshSession = useRefreshSession();
  return useMutation({
    mutationFn: cancelRental,
    // After a cancel the user's balance is reloaded.
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: rentalKeys.all }),
        queryClient.invalidateQueries({ queryKey: WALLET_QUERY_KEY }),
        queryClient.invalidateQueries({ queryKey: SEARCH_QUERY_PREFIX }),
        refreshSession(),
      ]),
  });
}
