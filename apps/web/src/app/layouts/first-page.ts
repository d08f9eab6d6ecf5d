import { splitLocalePath } from '@rentdrive/contracts/web-paths';

/**
 * The path (without its language prefix) of the page the visit began on, read when the app's code
 * first runs. Focus after a navigation (focus-on-navigate.tsx) comes with the code loaded after
 * hydration, so a click made before that code is in (a slow phone, a quick visitor) had already
 * changed the page by the time it looked: it starts from this path instead of the one it finds.
 */
export const FIRST_PAGE_PATH = typeof window === 'undefined' ? '' : splitLocalePath(window.location.pathname).path;
