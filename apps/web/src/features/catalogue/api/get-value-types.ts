import { useQuery } from '@tanstack/react-query';
import { valueTypesQueryOptions } from '../../../lib/reference-data';

export function useValueTypes() {
  return useQuery(valueTypesQueryOptions);
}
