import { useQuery } from '@tanstack/react-query';
import { propertiesQueryOptions } from '../../../lib/reference-data';

export function useProperties() {
  return useQuery(propertiesQueryOptions);
}
