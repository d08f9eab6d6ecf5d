import type { QueryClient } from '@tanstack/react-query';
import type { VehicleDetail } from '@rentdrive/contracts/vehicles';
import { formatMoney } from '../../components/ui/money';
import { activeListingsQueryOptions } from '../../features/search/api/get-active-listings';
import { recentVehiclesQueryOptions } from '../../features/search/api/get-recent-vehicles';
import {
  searchCategoriesQueryOptions,
  searchFuelTypesQueryOptions,
  searchTypesQueryOptions,
} from '../../features/search/api/get-reference-data';
import { baseFilterPropertiesQueryOptions, searchVehiclesQueryOptions } from '../../features/search/api/search-vehicles';
import {
  LISTING_PAGE_SIZE,
  listingHeading,
  parseListingParams,
  roundedListingCount,
  toListingParams,
  toSearchBody,
} from '../../features/search/lib/listing-params';
import { vehicleQueryOptions } from '../../features/vehicles/api/get-vehicle';
import { mainImageSources } from '../../features/vehicles/lib/main-image';
import { imageSrc } from '../../lib/image-src';
import { vehiclePageTitle } from '../../features/vehicles/lib/vehicle-page-title';
import { PRODUCT_NAME } from '../../lib/product';
import { documentTitle } from '../../lib/use-document-title';
import { publicPageHead } from '../public-pages';
import { shorten, type PageHead } from './head-tags';
import { VehiclePaths } from '@rentdrive/contracts/paths';
import { isPrivateWebPath, WebPaths } from '@rentdrive/contracts/web-paths';
import { formatCount } from '../../lib/format-count';

/** What the server needs to know about the page it renders, besides the markup. */
export interface PageData {
  status: number;
  head: PageHead;
  /** The screen's source module (the browser needs its chunk first). */
  screenModule?: string;
}

export interface PageRequest {
  /** The matched leaf route's path ('/', '/listing', VehiclePaths.detail.pattern, '*', ...). */
  routePath: string | undefined;
  params: Record<string, string | undefined>;
  pathname: string;
  search: URLSearchParams;
  origin: string;
}

const SITE_DESCRIPTION = 'Rent cars, trucks, motorcycles, bicycles and e-scooters by the day.';

/**
 * Loads into `queryClient` what the page's first render shows (the same queries the screens run,
 * so hydration finds them in the cache) and describes the page for search engines.
 * Throws when the data cannot be had: the caller then sends the page for the browser to render.
 */
export async function loadPageData(queryClient: QueryClient, page: PageRequest): Promise<PageData> {
  switch (page.routePath) {
    case WebPaths.home:
      return homeData(queryClient);
    case WebPaths.listing:
      return listingData(queryClient, page.search);
    case WebPaths.vehicle.pattern:
      return vehicleData(queryClient, page.params.id ?? '', page.origin);
    case '*':
      return { status: 404, head: { title: documentTitle('Page Not Found'), description: SITE_DESCRIPTION, noindex: true } };
    case WebPaths.about:
    case WebPaths.privacy:
    case WebPaths.contact:
      return publicPageData(page.routePath);
    default: {
      return { status: 200, head: { title: PRODUCT_NAME, description: SITE_DESCRIPTION, noindex: isPrivateWebPath(page.pathname) } };
    }
  }
}

/** The footer's pages: their own title and description, from the module their screens use. */
function publicPageData(path: '/about' | '/privacy' | '/contact-us'): PageData {
  const page = publicPageHead(path)!;
  const title = documentTitle(page.title);
  return {
    status: 200,
    screenModule: path === '/contact-us' ? 'src/app/routes/contact.tsx' : 'src/app/routes/info-page.tsx',
    head: { title, description: page.description, canonicalPath: path, ...socialTags(title, page.description) },
  };
}

function loadReferenceData(queryClient: QueryClient) {
  return Promise.all([
    queryClient.fetchQuery(searchTypesQueryOptions),
    queryClient.fetchQuery(searchCategoriesQueryOptions),
    queryClient.fetchQuery(searchFuelTypesQueryOptions),
  ]);
}

async function homeData(queryClient: QueryClient): Promise<PageData> {
  const [count, recent] = await Promise.all([
    queryClient.fetchQuery(activeListingsQueryOptions),
    queryClient.fetchQuery(recentVehiclesQueryOptions),
    loadReferenceData(queryClient),
  ]);
  const title = documentTitle('Find Your Next Ride');
  const description = `${SITE_DESCRIPTION.slice(0, -1)} from over ${roundedListingCount(count)} active listings: compare prices, ratings and availability, then book in a few clicks.`;
  return {
    status: 200,
    screenModule: 'src/app/routes/home.tsx',
    head: { title, description, canonicalPath: '/', ...socialTags(title, description), preloadImage: firstCardImage(recent) },
  };
}

/** The listing URL search engines should index for these filters: defaults dropped, parameters sorted. */
export function canonicalListingPath(search: URLSearchParams): string {
  const params = toListingParams(parseListingParams(search));
  const sorted = [...params.entries()].sort(([a, x], [b, y]) => (a === b ? (x < y ? -1 : x > y ? 1 : 0) : a < b ? -1 : 1));
  const query = new URLSearchParams(sorted).toString();
  return query ? `/listing?${query}` : '/listing';
}

async function listingData(queryClient: QueryClient, search: URLSearchParams): Promise<PageData> {
  const filters = parseListingParams(search);
  const [result] = await Promise.all([
    queryClient.fetchQuery(searchVehiclesQueryOptions(toSearchBody(filters, LISTING_PAGE_SIZE))),
    queryClient.fetchQuery(baseFilterPropertiesQueryOptions(filters.type, filters.category)),
    loadReferenceData(queryClient),
  ]);
  const heading = listingHeading(filters);
  const title = documentTitle(heading);
  const count = `${formatCount(result.total)} ${result.total === 1 ? 'vehicle' : 'vehicles'}`;
  const description = `${filters.type ? heading : 'Vehicles'} for rent by the day on ${PRODUCT_NAME}: ${count} listed. Compare prices, ratings and availability, then book in a few clicks.`;
  return {
    status: 200,
    screenModule: 'src/app/routes/listing.tsx',
    head: {
      title,
      description,
      canonicalPath: canonicalListingPath(search),
      ...socialTags(title, description),
      preloadImage: firstCardImage(result.items),
    },
  };
}

async function vehicleData(queryClient: QueryClient, id: string, origin: string): Promise<PageData> {
  const vehicle = await queryClient.fetchQuery(vehicleQueryOptions(id));
  const screenModule = 'src/app/routes/vehicle-details.tsx';
  if (!vehicle) {
    return {
      status: 404,
      screenModule,
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
    screenModule,
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
}

/** The photo of the first card of a grid, which a phone shows above the fold (see VehicleGrid). */
function firstCardImage(cards: readonly { imageURL?: string | null }[]): PageHead['preloadImage'] {
  const url = cards[0]?.imageURL;
  return url ? { src: imageSrc(url) } : undefined;
}

function socialTags(title: string, description: string, image?: string, imageAlt?: string): Pick<PageHead, 'openGraph' | 'twitter'> {
  const openGraph: Record<string, string> = {
    'og:site_name': PRODUCT_NAME,
    'og:type': 'website',
    'og:title': title,
    'og:description': description,
  };
  const twitter: Record<string, string> = {
    'twitter:card': image ? 'summary_large_image' : 'summary',
    'twitter:title': title,
    'twitter:description': description,
  };
  if (image) {
    openGraph['og:image'] = image;
    twitter['twitter:image'] = image;
    if (imageAlt) {
      openGraph['og:image:alt'] = imageAlt;
      twitter['twitter:image:alt'] = imageAlt;
    }
  }
  return { openGraph, twitter };
}

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
