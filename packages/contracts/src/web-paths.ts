/**
 * The web app's own pages, named once: the router registers them, the header links to them, the
 * server renderer marks the private ones noindex and the server's robots.txt and sitemap list them
 * (as paths.ts names the API's). A vehicle's page shares its JSON endpoint's path
 * (`VehiclePaths.detail`).
 */
import { VehiclePaths } from './paths';

export const WebPaths = {
  home: '/',
  listing: '/listing',
  /** A vehicle's page: `WebPaths.vehicle(id)`; `.pattern` is the route. */
  vehicle: VehiclePaths.detail,
  about: '/about',
  privacy: '/privacy',
  contact: '/contact-us',
  register: '/register',
  login: '/login',
  /** Password recovery and address verification, reached from the links in e-mails (issue 25). */
  forgotPassword: '/forgot-password',
  resetPassword: '/reset-password',
  verifyEmail: '/verify-email',
  chat: '/chat',
  profile: {
    overview: '/profile',
    rentals: '/profile/rentals',
    vehicles: '/profile/vehicles',
    settings: '/profile/settings',
    wallet: '/profile/wallet',
    /** The vehicles the user saved (the hearts). */
    saved: '/profile/saved',
  },
  manage: {
    createVehicle: '/manage/vehicles/create',
    /** `.pattern` is the route; call it with the vehicle's id. */
    editVehicle: Object.assign((id: string) => `/manage/vehicles/edit/${encodeURIComponent(id)}`, {
      pattern: '/manage/vehicles/edit/:id' as const,
    }),
    vehicleTypes: '/manage/vehicle-types',
    vehicleTypeProperties: '/manage/vehicle-type-properties',
    vehicleTypeCategories: '/manage/vehicle-type-categories',
  },
} as const;

/** Someone's own pages (profile, chat, management) and the account forms: kept out of search results. */
export const PRIVATE_WEB_PREFIXES = [
  '/profile',
  '/chat',
  '/manage',
  WebPaths.login,
  WebPaths.register,
  WebPaths.forgotPassword,
  WebPaths.resetPassword,
  WebPaths.verifyEmail,
] as const;

/** Whether a path is one of the private pages (or below one). */
export function isPrivateWebPath(pathname: string): boolean {
  return PRIVATE_WEB_PREFIXES.some((prefix) => pathname === prefix || pathname.startsWith(`${prefix}/`));
}

/** What the server renderer gives the server for one page (apps/web/src/entry-server.tsx's contract). */
export interface RenderedPage {
  status: number;
  /** <title>, meta description, canonical, robots, Open Graph, Twitter and JSON-LD. */
  head: string;
  /** The markup inside <div id="root">. */
  html: string;
  /** The data block the browser hydrates from. */
  stateScript: string;
  /** Source modules of the screen (keys of the client build's manifest) worth preloading. */
  modules: string[];
}
