import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { VehicleProperty, VehiclePropertySaveRequest } from '@rentdrive/contracts/catalogue';
import { Catalogue } from '@rentdrive/contracts/catalogue';
import { callApi } from '../../../lib/api-client';
import { CATALOGUE_QUERY_KEY } from './catalogue-query-key';

export function createProperty(input: VehiclePropertySaveRequest): Promise<VehicleProperty> {
  return callApi(Catalogue.createProperty, { body: input });
}

export function useCreateProperty() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createProperty,
    // Types, categories and properties refer to each other: refresh the whole catalogue.
    onSuccess: () => queryClient.invalidateQueries({ queryKey: CATALOGUE_QUERY_KEY }),
  });
}
