import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { VehicleCategory, VehicleCategorySaveRequest } from '@rentdrive/contracts/catalogue';
import { Catalogue } from '@rentdrive/contracts/catalogue';
import { callApi } from '../../../lib/api-client';
import { CATALOGUE_QUERY_KEY } from './catalogue-query-key';

export function editCategory({ id, ...input }: VehicleCategorySaveRequest & { id: number }): Promise<VehicleCategory> {
  return callApi(Catalogue.editCategory, { params: { id }, body: { id, ...input } });
}

export function useEditCategory() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: editCategory,
    // Types, categories and properties refer to each other: refresh the whole catalogue.
    onSuccess: () => queryClient.invalidateQueries({ queryKey: CATALOGUE_QUERY_KEY }),
  });
}
