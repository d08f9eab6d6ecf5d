import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { VehicleDeleted } from '@rentdrive/contracts/vehicles';
import { Vehicles } from '@rentdrive/contracts/vehicles';
import { callApi } from '../../../lib/api-client';
import { SEARCH_QUERY_PREFIX } from '../../../lib/listing-queries';
import { VEHICLES_QUERY_KEY } from './vehicles-query-key';

export function deleteVehicle(id: string): Promise<VehicleDeleted> {
  return callApi(Vehicles.delete, { params: { id } });
}

export function useDeleteVehicle() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteVehicle,
    onSuccess: (_result, id) => {
      // The deleted vehicle is gone everywhere (404): drop it rather than refetch it.
      queryClient.removeQueries({ queryKey: [...VEHICLES_QUERY_KEY, 'detail', id] });
      queryClient.removeQueries({ queryKey: [...VEHICLES_QUERY_KEY, 'edit', id] });
      return Promise.all([
        queryClient.invalidateQueries({ queryKey: VEHICLES_QUERY_KEY }),
        queryClient.invalidateQueries({ queryKey: SEARCH_QUERY_PREFIX }),
      ]);
    },
  });
}
