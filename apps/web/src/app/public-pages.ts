import { PRODUCT_NAME } from '../lib/product';

export interface PublicPageHead {
  /** The screen's title (its heading, and the tab title's first part). */
  title: string;
  /** The page's meta description. */
  description: string;
}

/**
 * Titles and descriptions of the footer's pages, for the screens and for the server's <head>. A
 * function: the product name is set when the server renderer starts, after this module loads.
 */
export function publicPageHead(pathname: string): PublicPageHead | undefined {
  switch (pathname.toLowerCase().replace(/\/$/, '')) {
    case '/about':
      return {
        title: 'About Us',
        description: `${PRODUCT_NAME} is a marketplace for renting cars, trucks, motorcycles, bicycles and e-scooters by the day, from owners near you.`,
      };
    case '/privacy':
      return {
        title: 'Privacy Policy',
        description: `How ${PRODUCT_NAME} collects, uses and protects the personal data of renters and vehicle owners.`,
      };
    case '/contact-us':
      return {
        title: 'Contact Us',
        description: `Questions about a rental, listing your vehicle or your wallet? Send ${PRODUCT_NAME} a message or visit our office.`,
      };
    default:
      return undefined;
  }
}
