import { Trans, useLingui } from '@lingui/react/macro';
import '../../i18n/listing-messages';
import { useSearchParams } from 'react-router';
import { PageHeading } from '../../components/ui/page-heading';
import { listingHeading, useListingNames } from '../../features/search/api/listing-names';
import { ListingScreen } from '../../features/search/components/listing-screen';
import { DocumentTitle } from '../../lib/document-title';
import { usePrefetchVehicleOnIntent } from '../prefetch-vehicle';

/** Listing: page heading (sub title, main title), filters sidebar, search, cards. */
export default function Screen() {
  const { t, i18n } = useLingui();
  const [params] = useSearchParams();
  const type = params.get('type')?.trim() || undefined;
  const category = params.get('category')?.trim() || undefined;
  // A type's heading is made of catalogue names ('SUV Cars') in the page's language, whichever
  // language the URL names them in ('/de/listing?type=Car' is 'Auto').
  const names = useListingNames(i18n.locale, type, category);
  const shown = { type: names.type?.name ?? type, category: names.category?.name ?? category };
  const title = shown.type ? listingHeading(shown, i18n.locale) : t`All Vehicles`;
  // A card the pointer or the focus reaches starts loading its vehicle's page.
  const prefetchVehicle = usePrefetchVehicleOnIntent();
  return (
    <main onPointerOver={prefetchVehicle} onFocus={prefetchVehicle}>
      <DocumentTitle screen={title} />
      <PageHeading size="hero" subtitle={t`Vehicle Listings`} title={title} className="md:pt-[230px]">
        <Trans>Compare prices, ratings and availability, then book in a few clicks.</Trans>
      </PageHeading>
      <ListingScreen />
    </main>
  );
}
