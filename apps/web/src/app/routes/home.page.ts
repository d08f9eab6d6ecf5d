import { activeListingsQueryOptions } from '../../features/search/api/get-active-listings';
import { recentVehiclesQueryOptions } from '../../features/search/api/get-recent-vehicles';
import { roundedListingCount } from '../../features/search/lib/listing-params';
import { documentTitle } from '../../lib/use-document-title';
import { firstCardImage, loadReferenceData, SITE_DESCRIPTION, socialTags, type LoadPage } from '../ssr/page-data';

/** Home on the server: the listing count, the recent cards and the search's reference data; its head. */
export const loadPage: LoadPage = async (queryClient) => {
  const [count, recent] = await Promise.all([
    queryClient.fetchQuery(activeListingsQueryOptions),
    queryClient.fetchQuery(recentVehiclesQueryOptions),
    loadReferenceData(queryClient),
  ]);
  const title = documentTitle('Find Your Next Ride');
  const description = `${SITE_DESCRIPTION.slice(0, -1)} from over ${roundedListingCount(count)} active listings: compare prices, ratings and availability, then book in a few clicks.`;
  return {
    status: 200,
    head: { title, description, canonicalPath: '/', ...socialTags(title, description), preloadImage: firstCardImage(recent) },
  };
};
