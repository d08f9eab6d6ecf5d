import { useSearchParams } from 'react-router';
import { PageHeading } from '../../components/ui/page-heading';
import { ListingScreen } from '../../features/search/components/listing-screen';
import { listingHeading } from '../../features/search/lib/listing-params';
import { useDocumentTitle } from '../../lib/use-document-title';

/** Listing: page heading (sub title, main title), filters sidebar, search, cards. */
export default function Screen() {
  const [params] = useSearchParams();
  const title = listingHeading({ type: params.get('type')?.trim(), category: params.get('category')?.trim() });
  useDocumentTitle(title);
  return (
    <main>
      <PageHeading size="hero" subtitle="Vehicle Listings" title={title} className="md:pt-[230px]">
        Compare prices, ratings and availability, then book in a few clicks.
      </PageHeading>
      <ListingScreen />
    </main>
  );
}
