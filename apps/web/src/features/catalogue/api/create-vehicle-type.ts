import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { VehicleType, VehicleTypeSaveRequest } from '@rentdrive/contracts/catalogue';
import { Catalogue } from '@rentdrive/contracts/catalogue';
import { callApi } from '../../../lib/api-client';
import { CATALOGUE_QUERY_KEY } from './catalogue-query-key';

export function createVehicleType(input: VehicleTypeSaveRequest): Promise<VehicleType> {
  return callApi(Catalogue.createType, { body: input });
}

export function useCreateVehicleType() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createVehicleType,
    // Types, categories and properties refer to each other: refresh the whole catalogue.
    onSuccess: () => queryClient.invalidateQueries({ queryKey: CATALOGUE_QUERY_KEY }),
  });
}
