import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Deleted } from '@rentdrive/contracts/catalogue';
import { apiFetch } from '../../../lib/api-client';
import { CATALOGUE_QUERY_KEY } from './catalogue-query-key';
import { CataloguePaths } from '@rentdrive/contracts/paths';

export function deleteProperty(id: string): Promise<Deleted> {
  return apiFetch<Deleted>(CataloguePaths.deleteProperty(id), { method: 'DELETE' });
}

export function useDeleteProperty() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteProperty,
    // Types, categories and properties refer to each other: refresh the whole catalogue.
    onSuccess: () => queryClient.invalidateQueries({ queryKey: CATALOGUE_QUERY_KEY }),
  });
}
