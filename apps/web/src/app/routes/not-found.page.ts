import { notFoundHead, type LoadPage } from '../ssr/page-data';

/** Any path no route knows: 404, in the page's language, kept out of search results. */
export const loadPage: LoadPage = (_queryClient, { i18n }) => Promise.resolve({ status: 404, head: notFoundHead(i18n) });
