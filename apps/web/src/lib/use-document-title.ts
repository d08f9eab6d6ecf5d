import { useEffect } from 'react';
import { PRODUCT_NAME } from './product';

/** Sets the tab title to '{title} · {product}' (or just the product name) while the screen is shown. */
export function useDocumentTitle(title?: string) {
  useEffect(() => {
    document.title = title ? `${title} · ${PRODUCT_NAME}` : PRODUCT_NAME;
  }, [title]);
}
