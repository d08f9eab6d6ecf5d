import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { VehicleType, VehicleTypeSaveRequest } from '@rentdrive/contracts/catalogue';
import { Catalogue } from '@rentdrive/contracts/catalogue';
import { callApi } from '../../../lib/api-client';
import { CATALOGUE_QUERY_KEY } from './catalogue-query-key';

export function editVehicleType({ id, ...input }: VehicleTypeSaveRequest & { id: number }): Promise<VehicleType> {
  return callApi(Catalogue.editType, { params: { id }, body: { id, ...input } });
}

export function useEditVehicleType() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: editVehicleType,
    // Types, categories and properties refer to each other: refresh the whole catalogue.
    onSuccess: () => queryClient.invalidateQueries({ queryKey: CATALOGUE_QUERY_KEY }),
  });
}
