import { documentTitle } from '../../lib/use-document-title';
import { SITE_DESCRIPTION, type LoadPage } from '../ssr/page-data';

/** Any path no route knows: 404, kept out of search results. */
export const loadPage: LoadPage = () =>
  Promise.resolve({
    status: 404,
    head: { title: documentTitle('Page Not Found'), description: SITE_DESCRIPTION, noindex: true },
  });
