import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { VehicleProperty, VehiclePropertySaveRequest } from '@rentdrive/contracts/catalogue';
import { Catalogue } from '@rentdrive/contracts/catalogue';
import { callApi } from '../../../lib/api-client';
import { CATALOGUE_QUERY_KEY } from './catalogue-query-key';

export function editProperty({ id, ...input }: VehiclePropertySaveRequest & { id: string }): Promise<VehicleProperty> {
  return callApi(Catalogue.editProperty, { params: { id }, body: { id, ...input } });
}

export function useEditProperty() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: editProperty,
    // Types, categories and properties refer to each other: refresh the whole catalogue.
    onSuccess: () => queryClient.invalidateQueries({ queryKey: CATALOGUE_QUERY_KEY }),
  });
}
