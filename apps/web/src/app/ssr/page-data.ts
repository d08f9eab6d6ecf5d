import type { QueryClient } from '@tanstack/react-query';
import {
  searchCategoriesQueryOptions,
  searchFuelTypesQueryOptions,
  searchTypesQueryOptions,
} from '../../features/search/api/get-reference-data';
import { imageSrc } from '../../lib/image-src';
import { PRODUCT_NAME } from '../../lib/product';
import { documentTitle } from '../../lib/use-document-title';
import { publicPageHead } from '../public-pages';
import { isPrivateWebPath } from '@rentdrive/contracts/web-paths';
import type { PageHead } from './head-tags';

/** What the server needs to know about the page it renders, besides the markup. */
export interface PageData {
  status: number;
  head: PageHead;
}

export interface PageRequest {
  params: Record<string, string | undefined>;
  pathname: string;
  search: URLSearchParams;
  origin: string;
}

/**
 * A server-rendered page's own part, in `routes/<screen>.page.ts` next to its screen: loads into
 * `queryClient` what the screen's first render shows (the same queries the screen runs, so hydration
 * finds them in the cache) and describes the page for search engines. Throws when the data cannot be
 * had: the caller then sends the page for the browser to render.
 */
export type LoadPage = (queryClient: QueryClient, page: PageRequest) => Promise<PageData>;

/** What a route says about itself to the server renderer (`handle` in router.tsx). */
export interface RouteHandle {
  /** The screen's source module: the key of its chunk in the client build's manifest. */
  screen?: string;
  /** Loads the screen's page module (the server build only). */
  page?: () => Promise<{ loadPage: LoadPage }>;
}

export const SITE_DESCRIPTION = 'Rent cars, trucks, motorcycles, bicycles and e-scooters by the day.';

/**
 * The page of the deepest matched route that has a page module; a route without one (the signed-in
 * screens, the account forms) gets the product's name and, when private, noindex.
 */
export async function loadPageData(queryClient: QueryClient, handles: (RouteHandle | undefined)[], page: PageRequest): Promise<PageData> {
  const load = [...handles].reverse().find((handle) => handle?.page)?.page;
  if (load) return (await load()).loadPage(queryClient, page);
  return { status: 200, head: { title: PRODUCT_NAME, description: SITE_DESCRIPTION, noindex: isPrivateWebPath(page.pathname) } };
}

/** The footer's pages: their own title and description, from the module their screens use. */
export function publicPageData(pathname: string): PageData {
  const page = publicPageHead(pathname);
  if (!page) return { status: 404, head: { title: documentTitle('Page Not Found'), description: SITE_DESCRIPTION, noindex: true } };
  const title = documentTitle(page.title);
  return {
    status: 200,
    head: {
      title,
      description: page.description,
      canonicalPath: pathname.toLowerCase().replace(/\/$/, ''),
      ...socialTags(title, page.description),
    },
  };
}

export function loadReferenceData(queryClient: QueryClient) {
  return Promise.all([
    queryClient.fetchQuery(searchTypesQueryOptions),
    queryClient.fetchQuery(searchCategoriesQueryOptions),
    queryClient.fetchQuery(searchFuelTypesQueryOptions),
  ]);
}

/** The photo of the first card of a grid, which a phone shows above the fold (see VehicleGrid). */
export function firstCardImage(cards: readonly { imageURL?: string | null }[]): PageHead['preloadImage'] {
  const url = cards[0]?.imageURL;
  return url ? { src: imageSrc(url) } : undefined;
}

export function socialTags(title: string, description: string, image?: string, imageAlt?: string): Pick<PageHead, 'openGraph' | 'twitter'> {
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
