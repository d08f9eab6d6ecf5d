import type { Locale } from '@rentdrive/contracts/locales';
import { languageAlternates, localePath } from '@rentdrive/contracts/web-paths';

/** Open Graph's locale of each language (language_TERRITORY). */
const OG_LOCALES: Record<Locale, string> = { en: 'en_GB', de: 'de_DE', fr: 'fr_FR', es: 'es_ES', it: 'it_IT', nl: 'nl_NL' };

/** What a server-rendered page says about itself in <head>: title, description, links and structured data. */
export interface PageHead {
  title: string;
  description: string;
  /**
   * Path and query of the one URL search engines should index for this page, without a language
   * prefix: the canonical is this path in the page's language, with its other languages as alternates.
   */
  canonicalPath?: string;
  /**
   * The same page's path in a language where it differs from `canonicalPath` (a listing of a type
   * names the type in each language: '/listing?type=Car', '/de/listing?type=Auto'), without the prefix.
   */
  localPaths?: Partial<Record<Locale, string>>;
  /** Private and not-found pages stay out of search results. */
  noindex?: boolean;
  /** Open Graph properties ('og:title' -> content); Twitter card names ('twitter:card' -> content). */
  openGraph?: Record<string, string>;
  twitter?: Record<string, string>;
  /** schema.org data, emitted as application/ld+json. */
  jsonLd?: object;
  /**
   * The image that will be the page's largest paint (the first card's photo, the vehicle's main
   * photo), preloaded from the top of <head>: the browser asks for it before the scripts and the
   * stylesheet, rather than after them when it reaches the <img> (Lighthouse on a slow phone
   * connection: the photo was the last thing the first paint waited for).
   */
  preloadImage?: { src: string; srcSet?: string; sizes?: string };
}

export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

/** JSON inside a <script> element: no '<' survives, so no value can close the element. */
export function jsonForScript(value: unknown): string {
  return JSON.stringify(value)
    .replace(/</g, '\\u003c')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');
}

/**
 * The <head> elements of a page in `locale`; `origin` makes the links absolute. An indexable page
 * names its own language's URL as canonical and every language's as `hreflang` alternates, English
 * (the root) as x-default.
 */
export function renderHeadTags(head: PageHead, origin: string, locale: Locale = 'en'): string {
  const tags: string[] = [];
  if (head.preloadImage) tags.push(imagePreloadTag(head.preloadImage));
  tags.push(`<title>${escapeHtml(head.title)}</title>`, `<meta name="description" content="${escapeHtml(head.description)}" />`);
  if (head.noindex) tags.push('<meta name="robots" content="noindex" />');
  const pathIn = (l: Locale) => localePath(l, head.localPaths?.[l] ?? head.canonicalPath!);
  if (head.canonicalPath) {
    tags.push(`<link rel="canonical" href="${escapeHtml(origin + pathIn(locale))}" />`);
    if (!head.noindex) {
      for (const alternate of languageAlternates(head.canonicalPath)) {
        const path = alternate.hreflang === 'x-default' ? pathIn('en') : pathIn(alternate.hreflang);
        tags.push(`<link rel="alternate" hreflang="${alternate.hreflang}" href="${escapeHtml(origin + path)}" />`);
      }
    }
  }
  const openGraph: Record<string, string> | undefined = head.openGraph ? { ...head.openGraph, 'og:locale': OG_LOCALES[locale] } : undefined;
  if (openGraph && head.canonicalPath) openGraph['og:url'] = origin + pathIn(locale);
  for (const [property, content] of Object.entries(openGraph ?? {})) {
    tags.push(`<meta property="${escapeHtml(property)}" content="${escapeHtml(content)}" />`);
  }
  for (const [name, content] of Object.entries(head.twitter ?? {})) {
    tags.push(`<meta name="${escapeHtml(name)}" content="${escapeHtml(content)}" />`);
  }
  if (head.jsonLd) tags.push(`<script type="application/ld+json">${jsonForScript(head.jsonLd)}</script>`);
  return tags.join('\n    ');
}

/** At most `max` characters, cut at a word and marked with an ellipsis. */
export function shorten(text: string, max: number): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  if (flat.length <= max) return flat;
  const cut = flat.slice(0, max - 1);
  const space = cut.lastIndexOf(' ');
  return `${(space > max / 2 ? cut.slice(0, space) : cut).replace(/[\s.,;:!?-]+$/, '')}…`;
}

/** <link rel="preload"> for an <img> with the same src, srcset and sizes (so the browser reuses the file). */
function imagePreloadTag({ src, srcSet, sizes }: NonNullable<PageHead['preloadImage']>): string {
  const responsive = srcSet ? ` imagesrcset="${escapeHtml(srcSet)}"${sizes ? ` imagesizes="${escapeHtml(sizes)}"` : ''}` : '';
  return `<link rel="preload" as="image" href="${escapeHtml(src)}"${responsive} fetchpriority="high" />`;
}
