import { VehiclePaths } from '@rentdrive/contracts/paths/vehicles';
import type { VehicleDetail } from '@rentdrive/contracts/vehicles';
import { localePath } from '@rentdrive/contracts/web-paths';
import { bookedDaysQueryOptions } from '../../features/rentals/api/get-booked-days';
import { bookingTermsQueryOptions } from '../../features/rentals/api/owner-bookings';
import { MARKETPLACE_TODAY_KEY, marketplaceToday } from '../../features/rentals/lib/marketplace-today';
import { vehicleQueryOptions } from '../../features/vehicles/api/get-vehicle';
import { mainImageSources } from '../../features/vehicles/lib/main-image';
import { vehiclePageTitle } from '../../features/vehicles/lib/vehicle-page-title';
import { formatterFor } from '../../i18n/format';
import { documentTitle } from '../../lib/document-title';
import { imageSrc } from '../../lib/image-src';
import { HeadMessages, translate } from '../ssr/head-messages';
import { shorten } from '../ssr/head-tags';
import { notFoundHead, socialTags, type LoadPage } from '../ssr/page-data';

/**
 * A vehicle's page on the server: the vehicle (an unknown or malformed id is data, null: the 'Vehicle
 * not found.' page, 404); its head with Open Graph product tags and schema.org JSON-LD.
 */
export const loadPage: LoadPage = async (queryClient, { params, origin, locale, i18n }) => {
  const id = params.id ?? '';
  // The booking terms (issue 27) come along in the page's data, so the rent panel shows them without a
  // round trip. The calendar's booked days are not waited for: their request starts here and the
  // calendar's region reads them, in the shell when they are in by then, else streamed after it. It
  // hydrates with the day the server drew it on (its today, in the page's data).
  void queryClient.prefetchQuery(bookedDaysQueryOptions(id));
  queryClient.setQueryData(MARKETPLACE_TODAY_KEY, marketplaceToday());
  const [vehicle] = await Promise.all([
    queryClient.fetchQuery(vehicleQueryOptions(id)),
    queryClient.prefetchQuery(bookingTermsQueryOptions(id)),
  ]);
  if (!vehicle) {
    return { status: 404, head: notFoundHead(i18n, HeadMessages.vehicleNotFound) };
  }
  const path = VehiclePaths.detail(vehicle.id);
  const price = formatterFor(locale).money(vehicle.pricePerDay);
  const pageTitle = vehiclePageTitle(vehicle, i18n);
  const title = documentTitle(pageTitle);
  const socialTitle = translate(i18n, HeadMessages.vehicleSocialTitle, { title: pageTitle, price });
  const vehicleName = `${vehicle.make} ${vehicle.model}`;
  const description = shorten(
    translate(i18n, HeadMessages.vehicleDescription, { vehicle: vehicleName, price, description: vehicle.description }),
    160,
  );
  const images = vehicle.imageURLS.map((url) => origin + imageSrc(url));
  const social = socialTags(socialTitle, description, images[0], vehicleName);
  return {
    status: 200,
    head: {
      title,
      description,
      canonicalPath: path,
      openGraph: {
        ...social.openGraph,
        'og:type': 'product',
        'product:price:amount': vehicle.pricePerDay.toFixed(2),
        'product:price:currency': 'EUR',
      },
      twitter: social.twitter,
      jsonLd: productJsonLd(vehicle, origin + localePath(locale, path), images),
      preloadImage: vehicle.imageURLS[0] ? mainImageSources(vehicle.imageURLS[0], vehicle.thumbnailURLS?.[0]) : undefined,
    },
  };
};

/** schema.org Product with its daily price as an Offer in euros, and its rating when it has reviews. */
export function productJsonLd(vehicle: VehicleDetail, url: string, images: string[]): object {
  const price = vehicle.pricePerDay.toFixed(2);
  return {
    '@context': 'https://schema.org',
    '@type': 'Product',
    name: `${vehicle.make} ${vehicle.model}`,
    description: vehicle.description,
    url,
    image: images,
    brand: { '@type': 'Brand', name: vehicle.make },
    model: vehicle.model,
    color: vehicle.color,
    category: `${vehicle.vehicleType} / ${vehicle.vehicleTypeCategory}`,
    productionDate: vehicle.dateOfProduction,
    offers: {
      '@type': 'Offer',
      url,
      price,
      priceCurrency: 'EUR',
      availability: 'https://schema.org/InStock',
      priceSpecification: {
        '@type': 'UnitPriceSpecification',
        price,
        priceCurrency: 'EUR',
        referenceQuantity: { '@type': 'QuantitativeValue', value: 1, unitCode: 'DAY' },
      },
    },
    ...(vehicle.reviewCount > 0 && {
      aggregateRating: {
        '@type': 'AggregateRating',
        ratingValue: vehicle.starsRating,
        reviewCount: vehicle.reviewCount,
        bestRating: 5,
        worstRating: 1,
      },
    }),
  };
}
