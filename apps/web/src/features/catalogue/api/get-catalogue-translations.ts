import { useQuery } from '@tanstack/react-query';
import { Catalogue, type CatalogueTranslations, type NameTranslations } from '@rentdrive/contracts/catalogue';
import { callApi } from '../../../lib/api-client';
import { CATALOGUE_QUERY_KEY } from './catalogue-query-key';

/** Every row's names in the other languages (employees only); refreshed with the rest of the catalogue. */
export function useCatalogueTranslations() {
  return useQuery({
    queryKey: [...CATALOGUE_QUERY_KEY, 'translations'],
    queryFn: ({ signal }) => callApi(Catalogue.translations, { signal }),
  });
}

/** A row's translations by its id ({} when it has none or they have not arrived). */
export function translationsOf(
  data: CatalogueTranslations | undefined,
  kind: keyof CatalogueTranslations,
  id: number | string,
): NameTranslations {
  const rows: { id: number | string; translations: NameTranslations }[] = data?.[kind] ?? [];
  return rows.find((r) => r.id === id)?.translations ?? {};
}
