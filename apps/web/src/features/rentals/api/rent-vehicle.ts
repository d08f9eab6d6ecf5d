import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Rentals } from '@rentdrive/contracts/rentals';
import type { RentResponse } from '@rentdrive/contracts/rentals';
import { IDEMPOTENCY_KEY_HEADER } from '@rentdrive/contracts/wallet';
import type { IsoDay } from '@rentdrive/domain/dates';
import { callApi } from '../../../lib/api-client';
import { SEARCH_QUERY_PREFIX } from '../../../lib/listing-queries';
import { useRefreshSession } from '../../../lib/session';
import { WALLET_QUERY_KEY } from '../../../lib/wallet-queries';
import { rentalKeys } from './rental-keys';

export interface RentVehicleInput {
  vehicleId: string;
  bookedDates: IsoDay[];
  /** One per confirmation, so a retried request books (and pays) once. */
  idempotencyKey: string;
}

/** POST /api/rental/rent/{vehicleId} {bookedDates}. */
export function rentVehicle({ vehicleId, bookedDates, idempotencyKey }: RentVehicleInput): Promise<RentResponse> {
  return callApi(Rentals.rent, { params: { vehicleId }, body: { bookedDates }, headers: { [IDEMPOTENCY_KEY_HEADER]: idempotencyKey } });
}

export function useRentVehicle() {
  const queryClient = useQueryClient();
  const refreshSession = useRefreshSession();
  return useMutation({
    mutationFn: rentVehicle,
    // On a 409 too: someone else took days meanwhile, so the calendar must show them.
    onSettled: (_data, _error, input) => queryClient.invalidateQueries({ queryKey: rentalKeys.bookedDays(input.vehicleId) }),
    onSuccess: async () => {
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: rentalKeys.mine() }),
        queryClient.invalidateQueries({ queryKey: WALLET_QUERY_KEY }),
        // Availability searches of those days no longer list the vehicle.
        queryClient.invalidateQueries({ queryKey: SEARCH_QUERY_PREFIX }),
        refreshSession(),
      ]);
    },
  });
}
