import { useQuery } from '@tanstack/react-query';
import { Catalogue } from '@rentdrive/contracts/catalogue';
import { callApi } from '../../../lib/api-client';
import { referenceDataKeys } from '../../../lib/reference-data';

/**
 * The employees' screens edit the English names (the names in the other languages beside them,
 * useCatalogueTranslations), so they ask in English whatever language the page is shown in. Under the
 * reference data's key, so the editors' invalidation of the catalogue refreshes it too.
 */
export function useCategories() {
  return useQuery({
    queryKey: [...referenceDataKeys.categories, 'en'],
    queryFn: ({ signal }) => callApi(Catalogue.categories, { signal, headers: { 'Accept-Language': 'en' } }),
  });
}
