import { publicPageData, type LoadPage } from '../ssr/page-data';

/** About and Privacy on the server: their own title and description (app/public-pages.ts). */
export const loadPage: LoadPage = (_queryClient, { pathname, i18n }) => Promise.resolve(publicPageData(pathname, i18n));
