import { useQuery } from '@tanstack/react-query';
import { unitsQueryOptions } from '../../../lib/reference-data';

export function useUnits() {
  return useQuery(unitsQueryOptions);
}
