/**
 * The screens whose classes are in the first-load stylesheet (vite-styles.ts): the public pages and
 * the 404 page. Every other screen loads the whole stylesheet (`styles-all.css`) with its chunk
 * (router.tsx), and the server links it on those pages.
 */
export const FIRST_LOAD_SCREENS = ['home', 'listing', 'vehicle-details', 'not-found'] as const;
