import type { VehicleDetail } from '@rentdrive/contracts/vehicles';
import { VehiclePaths } from '@rentdrive/contracts/paths';
import { formatMoney } from '../../components/ui/money';
import { vehicleQueryOptions } from '../../features/vehicles/api/get-vehicle';
import { mainImageSources } from '../../features/vehicles/lib/main-image';
import { vehiclePageTitle } from '../../features/vehicles/lib/vehicle-page-title';
import { imageSrc } from '../../lib/image-src';
import { documentTitle } from '../../lib/use-document-title';
import { shorten } from '../ssr/head-tags';
import { SITE_DESCRIPTION, socialTags, type LoadPage } from '../ssr/page-data';

/**
 * A vehicle's page on the server: the vehicle (an unknown or malformed id is data, null: the 'Vehicle
 * not found.' page, 404); its head with Open Graph product tags and schema.org JSON-LD.
 */
export const loadPage: LoadPage = async (queryClient, { params, origin }) => {
  const id = params.id ?? '';
  const vehicle = await queryClient.fetchQuery(vehicleQueryOptions(id));
  if (!vehicle) {
    return {
      status: 404,
      head: { title: documentTitle('Vehicle not found'), description: SITE_DESCRIPTION, noindex: true },
    };
  }
  const path = VehiclePaths.detail(vehicle.id);
  const price = formatMoney(vehicle.pricePerDay);
  const title = documentTitle(vehiclePageTitle(vehicle));
  const socialTitle = `${vehiclePageTitle(vehicle)}: ${price} per day`;
  const description = shorten(`${vehicle.make} ${vehicle.model} for ${price} per day. ${vehicle.description}`, 160);
  const images = vehicle.imageURLS.map((url) => origin + imageSrc(url));
  const social = socialTags(socialTitle, description, images[0], `${vehicle.make} ${vehicle.model}`);
  return {
    status: 200,
    head: {
      title,
      description,
      canonicalPath: path,
      openGraph: {
        ...social.openGraph,
        'og:type': 'product',
        'og:url': origin + path,
        'product:price:amount': vehicle.pricePerDay.toFixed(2),
        'product:price:currency': 'EUR',
      },
      twitter: social.twitter,
      jsonLd: productJsonLd(vehicle, origin + path, images),
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
