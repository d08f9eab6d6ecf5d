import { HomeSearch } from '../../features/search/components/home-search';
import { QuickLinks } from '../../features/search/components/quick-links';
import { RecentListings } from '../../features/search/components/recent-listings';
import { useDocumentTitle } from '../../lib/use-document-title';

/** Home: search banner and selects, quick type links, recent listings. */
export default function Screen() {
  useDocumentTitle('Find Your Next Ride');
  return (
    <main>
      <HomeSearch />
      <QuickLinks />
      <RecentListings />
    </main>
  );
}
