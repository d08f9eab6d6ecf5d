/** The product name is server configuration (PRODUCT_NAME); the server writes it into index.html. */
export const PRODUCT_NAME =
  (typeof document !== 'undefined' && document.querySelector<HTMLMetaElement>('meta[name="product-name"]')?.content) || 'RentDrive';
