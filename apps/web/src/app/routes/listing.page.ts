import { QueryClient } from '@tanstack/react-query';
import { LOCALES, type Locale } from '@rentdrive/contracts/locales';
import {
  categoriesInQueryOptions,
  listingHeading,
  loadListingNames,
  vehicleTypesInQueryOptions,
  type InLanguage,
  type ResolvedNames,
} from '../../features/search/api/listing-names';
import { baseFilterPropertiesQueryOptions, searchVehiclesQueryOptions } from '../../features/search/api/search-vehicles';
import {
  LISTING_PAGE_SIZE,
  parseListingParams,
  toListingParams,
  toSearchBody,
  type ListingFilters,
} from '../../features/search/lib/listing-params';
import { documentTitle } from '../../lib/document-title';
import { PRODUCT_NAME } from '../../lib/product';
import { HeadMessages, translate } from '../ssr/head-messages';
import { firstCardImage, loadReferenceData, socialTags, type LoadPage } from '../ssr/page-data';
import { renderingLocale } from '../ssr/rendering-locale';

/** The listing URL search engines should index for these filters: defaults dropped, parameters sorted. */
export function canonicalListingPath(search: URLSearchParams | ListingFilters): string {
  const params = toListingParams(search instanceof URLSearchParams ? parseListingParams(search) : search);
  const sorted = [...params.entries()].sort(([a, x], [b, y]) => (a === b ? (x < y ? -1 : x > y ? 1 : 0) : a < b ? -1 : 1));
  const query = new URLSearchParams(sorted).toString();
  return query ? `/listing?${query}` : '/listing';
}

/**
 * The listing's URL in each language, its type and category named in that language
 * ('/listing?type=Car', '/de/listing?type=Auto', '/fr/listing?type=Voiture'), as the sitemap lists
 * it; a name no language knows stays as it came. Its lists are read apart from the page's data (a
 * client of their own), so they are not sent to the browser.
 */
/** The renderer's API calls speak the rendered page's language: these speak `locale`'s. */
const inLanguage: InLanguage = (locale, call) => renderingLocale.run(locale, call);

async function localListingPaths(filters: ListingFilters, names: ResolvedNames): Promise<Partial<Record<Locale, string>>> {
  if (!names.type) return {};
  const lists = new QueryClient();
  const { type, category } = names;
  const entries = await Promise.all(
    LOCALES.map(async (locale) => {
      const [types, categories] = await Promise.all([
        inLanguage(locale, () => lists.fetchQuery(vehicleTypesInQueryOptions(locale))),
        category ? inLanguage(locale, () => lists.fetchQuery(categoriesInQueryOptions(locale))) : Promise.resolve([]),
      ]);
      const typeName = types.find((t) => t.id === type.id)?.name ?? type.name;
      const categoryName = category && (categories.find((c) => c.id === category.id)?.name ?? category.name);
      return [locale, canonicalListingPath({ ...filters, type: typeName, category: categoryName ?? filters.category })] as const;
    }),
  );
  return Object.fromEntries(entries);
}

/**
 * The listing on the server: the results of the filters in its URL with their facets, the reference
 * data and the chosen type's names; its head. The sliders' bounds are not waited for: their request
 * starts here, with the others, and the sidebar's slider region reads them
 * (features/search/components/slider-filters.tsx): in the shell when they are in by then, else
 * streamed after it.
 */
export const loadPage: LoadPage = async (queryClient, { search, i18n, locale }) => {
  const filters = parseListingParams(search);
  void queryClient.prefetchQuery(baseFilterPropertiesQueryOptions(filters.type, filters.category));
  const [result, , names] = await Promise.all([
    queryClient.fetchQuery(searchVehiclesQueryOptions(toSearchBody(filters, LISTING_PAGE_SIZE))),
    loadReferenceData(queryClient),
    loadListingNames(queryClient, locale, filters.type, filters.category, inLanguage),
  ]);
  // The type and category as the page's language names them ('/de/listing?type=Car' is 'Auto').
  const shown = { type: names.type?.name ?? filters.type, category: names.category?.name ?? filters.category };
  // A type's heading is made of catalogue names ('SUV Cars'), as the screen shows it.
  const heading = shown.type ? listingHeading(shown, locale) : i18n._(HeadMessages.allVehicles);
  const title = documentTitle(heading);
  const values = { heading, product: PRODUCT_NAME, total: result.total };
  const description = translate(i18n, filters.type ? HeadMessages.listingTypeDescription : HeadMessages.listingDescription, values);
  const localPaths = await localListingPaths(filters, names);
  return {
    status: 200,
    head: {
      title,
      description,
      canonicalPath: localPaths.en ?? canonicalListingPath(search),
      localPaths,
      ...socialTags(title, description),
      preloadImage: firstCardImage(result.items),
    },
  };
};
