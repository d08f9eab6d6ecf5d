import { LOCALES, type Locale } from '@rentdrive/contracts/locales';
import { SeoPaths } from '@rentdrive/contracts/paths';
import { localePath, privateWebPrefixesInEveryLanguage, WebPaths } from '@rentdrive/contracts/web-paths';
import type { Db } from '../../db/client';
import { localName } from '../../lib/catalogue-names';
import { createSeoRepository } from './seo.repository';

/** Search engines read at most 50,000 URLs per sitemap file. */
export const SITEMAP_MAX_URLS = 50_000;

interface SitemapEntry {
  /** The page without a language prefix; the sitemap lists it in every language. */
  path: string;
  /** The page's path in a language where it differs from `path` (a listing of a type names it in that language). */
  localPaths?: Partial<Record<Locale, string>>;
  lastModified?: Date;
}

/**
 * robots.txt and the sitemap. Vehicle pages live under /api/vehicle/{id} (the details page shares
 * the JSON endpoint's path), so robots.txt opens that folder and closes the rest of /api/. Every public
 * page is listed in each of the six languages ('/de/listing', '/fr/api/vehicle/{id}'), each URL with its
 * other languages as xhtml:link alternates (English, the root, also as x-default).
 */
export function createSeoService({ db }: { db: Db }) {
  const repository = createSeoRepository(db);
  async function entries(): Promise<SitemapEntry[]> {
    const [types, vehicles] = await Promise.all([repository.vehicleTypeNames(), repository.liveVehicles()]);
    return [
      { path: WebPaths.home },
      { path: WebPaths.listing },
      // A type's listing in each language names the type in that language ('/de/listing?type=Auto'), as the web's links do.
      ...types.map((type) => {
        const listingOf = (name: string) => `${WebPaths.listing}?${new URLSearchParams({ type: name }).toString()}`;
        const localPaths = Object.fromEntries(LOCALES.map((l) => [l, listingOf(localName(type.name, type.translations, l))]));
        return { path: listingOf(type.name), localPaths };
      }),
      ...vehicles.map((v) => ({ path: WebPaths.vehicle(v.id), lastModified: v.updatedAt })),
      { path: WebPaths.about },
      { path: WebPaths.contact },
      { path: WebPaths.privacy },
    ];
  }

  return {
    robots(origin: string): string {
      const lines = [
        'User-agent: *',
        'Allow: /api/vehicle/',
        'Disallow: /api/',
        ...privateWebPrefixesInEveryLanguage().map((p) => `Disallow: ${p}`),
      ];
      return `${lines.join('\n')}\n\nSitemap: ${origin}${SeoPaths.sitemap}\n`;
    },

    /**
     * The sitemap: one file while every URL fits, else an index of files of SITEMAP_MAX_URLS
     * (`?page=n`, from 1). Undefined for a page past the end.
     */
    async sitemap(origin: string, page: number | undefined): Promise<string | undefined> {
      const all = (await entries()).flatMap(inEveryLanguage);
      const pages = Math.max(1, Math.ceil(all.length / SITEMAP_MAX_URLS));
      if (page === undefined) {
        if (pages === 1) return urlSet(origin, all);
        const files = Array.from(
          { length: pages },
          (_, i) => `  <sitemap><loc>${xml(`${origin}${SeoPaths.sitemap}?page=${i + 1}`)}</loc></sitemap>`,
        );
        return `<?xml version="1.0" encoding="UTF-8"?>\n<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${files.join('\n')}\n</sitemapindex>\n`;
      }
      if (page > pages) return undefined;
      return urlSet(origin, all.slice((page - 1) * SITEMAP_MAX_URLS, page * SITEMAP_MAX_URLS));
    },
  };
}

interface LocalizedEntry {
  url: string;
  lastModified?: Date;
  alternates: { hreflang: string; path: string }[];
}

/**
 * One page as one URL per language, each naming all of them (search engines want the full set on each);
 * English, at the root, is also the x-default.
 */
function inEveryLanguage(entry: SitemapEntry): LocalizedEntry[] {
  const languages = LOCALES.map((locale) => ({ hreflang: locale, path: localePath(locale, entry.localPaths?.[locale] ?? entry.path) }));
  const alternates = [...languages, { hreflang: 'x-default', path: entry.path }];
  return languages.map((a) => ({ url: a.path, lastModified: entry.lastModified, alternates }));
}

function urlSet(origin: string, entries: LocalizedEntry[]): string {
  const urls = entries.map(({ url, lastModified, alternates }) => {
    const lastmod = lastModified ? `<lastmod>${lastModified.toISOString()}</lastmod>` : '';
    const links = alternates.map((a) => `<xhtml:link rel="alternate" hreflang="${a.hreflang}" href="${xml(origin + a.path)}"/>`).join('');
    return `  <url><loc>${xml(origin + url)}</loc>${lastmod}${links}</url>`;
  });
  return `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" xmlns:xhtml="http://www.w3.org/1999/xhtml">\n${urls.join('\n')}\n</urlset>\n`;
}

function xml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&apos;' })[c]!);
}

export type SeoService = ReturnType<typeof createSeoService>;
