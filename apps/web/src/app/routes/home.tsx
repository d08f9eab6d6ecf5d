import { useEffect } from 'react';
import { HomeSearch } from '../../features/search/components/home-search';
import { QuickLinks } from '../../features/search/components/quick-links';
import { RecentListings } from '../../features/search/components/recent-listings';
import { PRODUCT_NAME } from '../../lib/product';

/** Home: search banner and selects, quick type links, recent listings. */
export default function Screen() {
  useEffect(() => {
    document.title = `${PRODUCT_NAME} | Find Your Next Ride`;
  }, []);
  return (
    <main>
      <HomeSearch />
      <QuickLinks />
      <RecentListings />
    </main>
  );
}
