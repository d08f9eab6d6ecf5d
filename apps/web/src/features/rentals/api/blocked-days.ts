import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { BlockedDaysResponse } from '@rentdrive/contracts/availability';
import { Availability } from '@rentdrive/contracts/availability';
import { callApi } from '../../../lib/api-client';
import { rentalKeys } from './rental-keys';

/** GET /api/vehicle/blocked-days/{vehicleId}: the owner's view (window, blocked days, booked days). */
export function getBlockedDays(vehicleId: string, signal?: AbortSignal): Promise<BlockedDaysResponse> {
  return callApi(Availability.blockedDays, { params: { vehicleId }, signal });
}

/** PUT /api/vehicle/blocked-days/{vehicleId}: replaces the blocked days from today on. */
export function putBlockedDays(vehicleId: string, days: string[]): Promise<BlockedDaysResponse> {
  return callApi(Availability.replaceBlockedDays, { params: { vehicleId }, body: { days } });
}

export function blockedDaysQueryOptions(vehicleId: string) {
  return queryOptions({
    queryKey: rentalKeys.blockedDays(vehicleId),
    queryFn: ({ signal }) => getBlockedDays(vehicleId, signal),
  });
}

export function useBlockedDays(vehicleId: string) {
  return useQuery(blockedDaysQueryOptions(vehicleId));
}

export function useSaveBlockedDays(vehicleId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (days: string[]) => putBlockedDays(vehicleId, days),
    onSuccess: async (view) => {
      queryClient.setQueryData(rentalKeys.blockedDays(vehicleId), view);
      // The renters' calendar of this vehicle lists blocked days among the unavailable ones.
      await queryClient.invalidateQueries({ queryKey: rentalKeys.bookedDays(vehicleId) });
    },
  });
}
