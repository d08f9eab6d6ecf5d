import type { I18n, MessageDescriptor } from '@lingui/core';
import type { QueryClient } from '@tanstack/react-query';
import type { Locale } from '@rentdrive/contracts/locales';
import { isPrivateWebPath } from '@rentdrive/contracts/web-paths';
import {
  searchCategoriesQueryOptions,
  searchFuelTypesQueryOptions,
  searchTypesQueryOptions,
} from '../../features/search/api/get-reference-data';
import { documentTitle } from '../../lib/document-title';
import { imageSrc } from '../../lib/image-src';
import { PRODUCT_NAME } from '../../lib/product';
import { HeadMessages, translate } from './head-messages';
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
  /** The page's language (its URL prefix) and its catalogue, loaded: the head is written in it. */
  locale: Locale;
  i18n: I18n;
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
  /** Other modules the screen comes with (keys of the manifest): preloaded, or linked for a stylesheet. */
  alsoLoads?: string[];
}

/**
 * The page of the deepest matched route that has a page module; a route without one (the signed-in
 * screens, the account forms) gets the product's name and, when private, noindex.
 */
export async function loadPageData(queryClient: QueryClient, handles: (RouteHandle | undefined)[], page: PageRequest): Promise<PageData> {
  const load = [...handles].reverse().find((handle) => handle?.page)?.page;
  if (load) return (await load()).loadPage(queryClient, page);
  return {
    status: 200,
    head: { title: PRODUCT_NAME, description: page.i18n._(HeadMessages.siteDescription), noindex: isPrivateWebPath(page.pathname) },
  };
}

/** A page that is not there (404), in the page's language, kept out of search results. */
export function notFoundHead(i18n: I18n, title: MessageDescriptor = HeadMessages.pageNotFound): PageHead {
  return { title: documentTitle(i18n._(title)), description: i18n._(HeadMessages.siteDescription), noindex: true };
}

const PUBLIC_PAGES: Record<string, { title: MessageDescriptor; description: MessageDescriptor }> = {
  '/about': { title: HeadMessages.about, description: HeadMessages.aboutDescription },
  '/privacy': { title: HeadMessages.privacy, description: HeadMessages.privacyDescription },
  '/contact-us': { title: HeadMessages.contact, description: HeadMessages.contactDescription },
};

/** The footer's pages (About Us, Privacy Policy, Contact Us): their own title and description. */
export function publicPageData(pathname: string, i18n: I18n): PageData {
  const key = pathname.toLowerCase().replace(/\/$/, '');
  const page = PUBLIC_PAGES[key];
  if (!page) return { status: 404, head: notFoundHead(i18n) };
  const title = documentTitle(i18n._(page.title));
  const description = translate(i18n, page.description, { product: PRODUCT_NAME });
  return {
    status: 200,
    head: {
      title,
      description,
      canonicalPath: key,
      ...socialTags(title, description),
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
