import { baseFilterPropertiesQueryOptions, searchVehiclesQueryOptions } from '../../features/search/api/search-vehicles';
import {
  LISTING_PAGE_SIZE,
  listingHeading,
  parseListingParams,
  toListingParams,
  toSearchBody,
} from '../../features/search/lib/listing-params';
import { formatCount } from '../../lib/format-count';
import { PRODUCT_NAME } from '../../lib/product';
import { documentTitle } from '../../lib/use-document-title';
import { firstCardImage, loadReferenceData, socialTags, type LoadPage } from '../ssr/page-data';

/** The listing URL search engines should index for these filters: defaults dropped, parameters sorted. */
export function canonicalListingPath(search: URLSearchParams): string {
  const params = toListingParams(parseListingParams(search));
  const sorted = [...params.entries()].sort(([a, x], [b, y]) => (a === b ? (x < y ? -1 : x > y ? 1 : 0) : a < b ? -1 : 1));
  const query = new URLSearchParams(sorted).toString();
  return query ? `/listing?${query}` : '/listing';
}

/** The listing on the server: the results of the filters in its URL, their filters and facets; its head. */
export const loadPage: LoadPage = async (queryClient, { search }) => {
  const filters = parseListingParams(search);
  const [result] = await Promise.all([
    queryClient.fetchQuery(searchVehiclesQueryOptions(toSearchBody(filters, LISTING_PAGE_SIZE))),
    queryClient.fetchQuery(baseFilterPropertiesQueryOptions(filters.type, filters.category)),
    loadReferenceData(queryClient),
  ]);
  const heading = listingHeading(filters);
  const title = documentTitle(heading);
  const count = `${formatCount(result.total)} ${result.total === 1 ? 'vehicle' : 'vehicles'}`;
  const description = `${filters.type ? heading : 'Vehicles'} for rent by the day on ${PRODUCT_NAME}: ${count} listed. Compare prices, ratings and availability, then book in a few clicks.`;
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
