import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api-client';
import type { EnumItem } from './get-value-types';
import { BasePaths } from '@rentdrive/contracts/paths';

export function getUnits(signal?: AbortSignal): Promise<EnumItem[]> {
  return apiFetch<EnumItem[]>(BasePaths.units, { signal });
}

export const unitsQueryOptions = queryOptions({
  queryKey: ['base', 'units'] as const,
  queryFn: ({ signal }) => getUnits(signal),
  staleTime: Infinity,
});

export function useUnits() {
  return useQuery(unitsQueryOptions);
}
