import { useSearchParams } from 'react-router';
import { PageHeading } from '../../components/ui/page-heading';
import { ListingScreen } from '../../features/search/components/listing-screen';
import { useDocumentTitle } from '../../lib/use-document-title';

function plural(name: string): string {
  return name.endsWith('s') ? name : `${name}s`;
}

/** Listing: page heading (sub title, main title), filters sidebar, search, cards. */
export default function Screen() {
  const [params] = useSearchParams();
  const type = params.get('type')?.trim();
  const category = params.get('category')?.trim();
  const title = type ? (category ? `${category} ${plural(type)}` : plural(type)) : 'All Vehicles';
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
