import { activeListingsQueryOptions } from '../../features/search/api/get-active-listings';
import { recentVehiclesQueryOptions } from '../../features/search/api/get-recent-vehicles';
import { roundedListingCount } from '../../features/search/lib/listing-params';
import { formatterFor } from '../../i18n/format';
import { documentTitle } from '../../lib/use-document-title';
import { HeadMessages, translate } from '../ssr/head-messages';
import { firstCardImage, loadReferenceData, socialTags, type LoadPage } from '../ssr/page-data';

/** Home on the server: the listing count, the recent cards and the search's reference data; its head. */
export const loadPage: LoadPage = async (queryClient, { i18n, locale }) => {
  const [count, recent] = await Promise.all([
    queryClient.fetchQuery(activeListingsQueryOptions),
    queryClient.fetchQuery(recentVehiclesQueryOptions),
    loadReferenceData(queryClient),
  ]);
  const title = documentTitle(i18n._(HeadMessages.homeTitle));
  const description = translate(i18n, HeadMessages.homeDescription, { count: formatterFor(locale).count(roundedListingCount(count)) });
  return {
    status: 200,
    head: { title, description, canonicalPath: '/', ...socialTags(title, description), preloadImage: firstCardImage(recent) },
  };
};
