import { baseFilterPropertiesQueryOptions, searchVehiclesQueryOptions } from '../../features/search/api/search-vehicles';
import {
  LISTING_PAGE_SIZE,
  listingHeading,
  parseListingParams,
  toListingParams,
  toSearchBody,
} from '../../features/search/lib/listing-params';
import { PRODUCT_NAME } from '../../lib/product';
import { documentTitle } from '../../lib/use-document-title';
import { HeadMessages, translate } from '../ssr/head-messages';
import { firstCardImage, loadReferenceData, socialTags, type LoadPage } from '../ssr/page-data';

/** The listing URL search engines should index for these filters: defaults dropped, parameters sorted. */
export function canonicalListingPath(search: URLSearchParams): string {
  const params = toListingParams(parseListingParams(search));
  const sorted = [...params.entries()].sort(([a, x], [b, y]) => (a === b ? (x < y ? -1 : x > y ? 1 : 0) : a < b ? -1 : 1));
  const query = new URLSearchParams(sorted).toString();
  return query ? `/listing?${query}` : '/listing';
}

/** The listing on the server: the results of the filters in its URL, their filters and facets; its head. */
export const loadPage: LoadPage = async (queryClient, { search, i18n }) => {
  const filters = parseListingParams(search);
  const [result] = await Promise.all([
    queryClient.fetchQuery(searchVehiclesQueryOptions(toSearchBody(filters, LISTING_PAGE_SIZE))),
    queryClient.fetchQuery(baseFilterPropertiesQueryOptions(filters.type, filters.category)),
    loadReferenceData(queryClient),
  ]);
  // A type's heading is made of catalogue names ('SUV Cars'), as the screen shows it.
  const heading = filters.type ? listingHeading(filters) : i18n._(HeadMessages.allVehicles);
  const title = documentTitle(heading);
  const values = { heading, product: PRODUCT_NAME, total: result.total };
  const description = translate(i18n, filters.type ? HeadMessages.listingTypeDescription : HeadMessages.listingDescription, values);
  return {
    status: 200,
    head: {
      title,
      description,
      canonicalPath: canonicalListingPath(search),
      ...socialTags(title, description),
      preloadImage: firstCardImage(result.items),
    },
  };
};
