import { publicPageData, type LoadPage } from '../ssr/page-data';

/** Contact on the server: its own title and description (app/public-pages.ts). */
export const loadPage: LoadPage = (_queryClient, { pathname }) => Promise.resolve(publicPageData(pathname));
