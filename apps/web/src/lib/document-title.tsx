import { PRODUCT_NAME } from './product';

/**
 * The tab title of a screen: '{screen} | {product}'. One function, so every screen (and a server that
 * renders a page's <head>) spells titles the same way.
 */
export function documentTitle(screen: string): string {
  return `${screen} | ${PRODUCT_NAME}`;
}

/**
 * The screen's tab title, `documentTitle(screen)`, as React 19 document metadata: a `<title>` React
 * puts in `document.head` while the screen is shown and removes with it, so a client-side navigation,
 * back and forward and a language switch change the title in the same commit as the screen, with no
 * effect and never two titles.
 *
 * In the browser only. A server-rendered page's head (title, description, canonical, Open Graph,
 * JSON-LD) is written by its route's page module (app/ssr/page-data.ts, head-tags.ts) and goes out
 * before the shell; React's server renderer would put this `<title>` at the start of #root's markup,
 * a second title in the body, which hydration does not take back (hydrateRoot adopts the first
 * `<title>` of the document, the head's, and leaves the one in #root). So the server renders nothing
 * here; at hydration React adopts the head's title and sets its text to the screen's.
 *
 * No description: the page's `<meta name="description">` stays the server's. React would adopt a head
 * meta only with exactly the same content, and remove it when its screen unmounts: unless every
 * screen rendered one (the public ones from data and messages their first load does not carry), a
 * navigation would leave two descriptions or none.
 */
export function DocumentTitle({ screen }: { screen: string }) {
  if (import.meta.env.SSR) return null;
  return <title>{documentTitle(screen)}</title>;
}
