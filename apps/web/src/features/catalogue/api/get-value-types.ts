import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api-client';
import { BasePaths } from '@rentdrive/contracts/paths';

export interface EnumItem {
  id: number;
  name: string;
}

/** Reference data: loaded once per screen visit, never changes while the app runs. */
export function getValueTypes(signal?: AbortSignal): Promise<EnumItem[]> {
  return apiFetch<EnumItem[]>(BasePaths.valueTypes, { signal });
}

export const valueTypesQueryOptions = queryOptions({
  queryKey: ['base', 'value-types'] as const,
  queryFn: ({ signal }) => getValueTypes(signal),
  staleTime: Infinity,
});

export function useValueTypes() {
  return useQuery(valueTypesQueryOptions);
}
