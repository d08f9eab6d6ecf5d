import { useEffect } from 'react';
import { documentTitle } from './document-title';

export { documentTitle };

/**
 * Sets the tab title to `documentTitle(screen)` while the screen is shown. Superseded by
 * `<DocumentTitle screen={…} />` (lib/document-title.tsx, React 19's document metadata); kept until
 * the last screens use it.
 */
export function useDocumentTitle(screen: string) {
  useEffect(() => {
    const title = documentTitle(screen);
    // A server-rendered page already has it: setting it again would replace the title's text.
    if (document.title !== title) document.title = title;
  }, [screen]);
}
