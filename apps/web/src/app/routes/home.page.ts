import { activeListingsQueryOptions } from '../../features/search/api/get-active-listings';
import { roundedListingCount } from '../../features/search/lib/listing-params';
import { formatterFor } from '../../i18n/format';
import { documentTitle } from '../../lib/use-document-title';
import { HeadMessages, translate } from '../ssr/head-messages';
import { loadReferenceData, socialTags, type LoadPage } from '../ssr/page-data';

/**
 * Home on the server: the listing count and the search's reference data; its head. The recent cards,
 * below the search, are not loaded here: their region reads them itself and streams after the shell
 * (features/search/components/recent-listings.tsx), so the head preloads no photo of theirs.
 */
export const loadPage: LoadPage = async (queryClient, { i18n, locale }) => {
  const [count] = await Promise.all([queryClient.fetchQuery(activeListingsQueryOptions), loadReferenceData(queryClient)]);
  const title = documentTitle(i18n._(HeadMessages.homeTitle));
  const description = translate(i18n, HeadMessages.homeDescription, { count: formatterFor(locale).count(roundedListingCount(count)) });
  return {
    status: 200,
    head: { title, description, canonicalPath: '/', ...socialTags(title, description) },
  };
};
