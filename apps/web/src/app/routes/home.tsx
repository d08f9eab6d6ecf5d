import { useLingui } from '@lingui/react/macro';
import '../../i18n/home-messages';
import { HomeSearch } from '../../features/search/components/home-search';
import { QuickLinks } from '../../features/search/components/quick-links';
import { DocumentTitle } from '../../lib/document-title';
import { lazyRegion } from '../../lib/lazy-region';

// Below the search on a phone: it streams and hydrates on its own, after the search (see lazyRegion).
const RecentListings = lazyRegion(() => import('../../features/search/components/recent-listings').then((m) => m.RecentListings));
// This device's 'Recently viewed' (localStorage): its own chunk; it shows only in the browser, after hydration.
const RecentlyViewed = lazyRegion(() => import('../../features/search/components/recently-viewed').then((m) => m.RecentlyViewed));

/** Home: search banner and selects, quick type links, recent listings. */
export default function Screen() {
  const { t } = useLingui();
  return (
    <main>
      <DocumentTitle screen={t`Find Your Next Ride`} />
      <HomeSearch />
      <QuickLinks />
      <RecentListings />
      <RecentlyViewed />
    </main>
  );
}
