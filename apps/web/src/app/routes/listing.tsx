import { Trans, useLingui } from '@lingui/react/macro';
import '../../i18n/listing-messages';
import { useSearchParams } from 'react-router';
import { PageHeading } from '../../components/ui/page-heading';
import { ListingScreen } from '../../features/search/components/listing-screen';
import { listingHeading } from '../../features/search/lib/listing-params';
import { useDocumentTitle } from '../../lib/use-document-title';
import { usePrefetchVehicleOnIntent } from '../prefetch-vehicle';

/** Listing: page heading (sub title, main title), filters sidebar, search, cards. */
export default function Screen() {
  const { t } = useLingui();
  const [params] = useSearchParams();
  const type = params.get('type')?.trim();
  // A type's heading is made of catalogue names ('SUV Cars'): translated with the catalogue (issue 24 phase 2).
  const title = type ? listingHeading({ type, category: params.get('category')?.trim() }) : t`All Vehicles`;
  useDocumentTitle(title);
  // A card the pointer or the focus reaches starts loading its vehicle's page.
  const prefetchVehicle = usePrefetchVehicleOnIntent();
  return (
    <main onPointerOver={prefetchVehicle} onFocus={prefetchVehicle}>
      <PageHeading size="hero" subtitle={t`Vehicle Listings`} title={title} className="md:pt-[230px]">
        <Trans>Compare prices, ratings and availability, then book in a few clicks.</Trans>
      </PageHeading>
      <ListingScreen />
    </main>
  );
}
