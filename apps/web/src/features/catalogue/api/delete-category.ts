import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Deleted } from '@rentdrive/contracts/catalogue';
import { apiFetch } from '../../../lib/api-client';
import { CATALOGUE_QUERY_KEY } from './catalogue-query-key';
import { CataloguePaths } from '@rentdrive/contracts/paths';

export function deleteCategory(id: number): Promise<Deleted> {
  return apiFetch<Deleted>(CataloguePaths.deleteCategory(id), { method: 'DELETE' });
}

export function useDeleteCategory() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteCategory,
    // Types, categories and properties refer to each other: refresh the whole catalogue.
    onSuccess: () => queryClient.invalidateQueries({ queryKey: CATALOGUE_QUERY_KEY }),
  });
}
