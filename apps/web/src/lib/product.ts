/**
 * The product name is server configuration (PRODUCT_NAME): the server writes it into the page's
 * <meta name="product-name">, and the server renderer sets it before rendering.
 */
export let PRODUCT_NAME =
  (typeof document !== 'undefined' && document.querySelector<HTMLMetaElement>('meta[name="product-name"]')?.content) || 'RentDrive';

/** Server rendering only: one name for the whole process, set once at start. */
export function setProductName(name: string): void {
  PRODUCT_NAME = name;
}
