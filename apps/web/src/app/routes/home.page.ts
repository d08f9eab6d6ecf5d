import { activeListingsQueryOptions } from '../../features/search/api/get-active-listings';
import { recentVehiclesQueryOptions } from '../../features/search/api/get-recent-vehicles';
import { roundedListingCount } from '../../features/search/lib/listing-params';
import { formatterFor } from '../../i18n/format';
import { documentTitle } from '../../lib/document-title';
import { HeadMessages, translate } from '../ssr/head-messages';
import { loadReferenceData, socialTags, type LoadPage } from '../ssr/page-data';

/**
 * Home on the server: the listing count and the search's reference data; its head. The recent cards,
 * below the search, are not waited for: their request starts here and their region reads them
 * (features/search/components/recent-listings.tsx): in the shell when they are in by then, else
 * streamed after it. So the head preloads no photo of theirs.
 */
export const loadPage: LoadPage = async (queryClient, { i18n, locale }) => {
  void queryClient.prefetchQuery(recentVehiclesQueryOptions);
  const [count] = await Promise.all([queryClient.fetchQuery(activeListingsQueryOptions), loadReferenceData(queryClient)]);
  const title = documentTitle(i18n._(HeadMessages.homeTitle));
  const description = translate(i18n, HeadMessages.homeDescription, { count: formatterFor(locale).count(roundedListingCount(count)) });
  return {
    status: 200,
    head: { title, description, canonicalPath: '/', ...socialTags(title, description) },
  };
};
