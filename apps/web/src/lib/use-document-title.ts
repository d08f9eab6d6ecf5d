import { useEffect } from 'react';
import { PRODUCT_NAME } from './product';

/**
 * The tab title of a screen: '{screen} | {product}'. One function, so every route (and a server that
 * renders a page's <head>) spells titles the same way.
 */
export function documentTitle(screen: string): string {
  return `${screen} | ${PRODUCT_NAME}`;
}

/** Sets the tab title to `documentTitle(screen)` while the screen is shown. */
export function useDocumentTitle(screen: string) {
  useEffect(() => {
    const title = documentTitle(screen);
    // A server-rendered page already has it: setting it again would replace the title's text.
    if (document.title !== title) document.title = title;
  }, [screen]);
}
