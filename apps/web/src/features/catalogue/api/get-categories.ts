import { useQuery } from '@tanstack/react-query';
import { categoriesQueryOptions } from '../../../lib/reference-data';

export function useCategories() {
  return useQuery(categoriesQueryOptions);
}
