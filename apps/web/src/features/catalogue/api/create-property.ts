import { useMutation, useQueryClient } from '@tanstack/react-query';
import { CataloguePaths, type VehicleProperty, type VehiclePropertySaveRequest } from '@rentdrive/contracts/catalogue';
import { apiFetch } from '../../../lib/api-client';
import { CATALOGUE_QUERY_KEY } from './catalogue-query-key';

export function createProperty(input: VehiclePropertySaveRequest): Promise<VehicleProperty> {
  return apiFetch<VehicleProperty>(CataloguePaths.createProperty, { method: 'POST', json: input });
}

export function useCreateProperty() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createProperty,
    // Types, categories and properties refer to each other: refresh the whole catalogue.
    onSuccess: () => queryClient.invalidateQueries({ queryKey: CATALOGUE_QUERY_KEY }),
  });
}
