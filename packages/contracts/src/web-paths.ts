/**
 * The web app's own pages, named once: the router registers them, the header links to them, the
 * server renderer marks the private ones noindex and the server's robots.txt and sitemap list them
 * (as paths.ts names the API's). A vehicle's page shares its JSON endpoint's path
 * (`VehicleDetailPath`, `VehiclePaths.detail`).
 */
import { DEFAULT_LOCALE, isLocale, LOCALES, type Locale } from './locales';
import { VehicleDetailPath } from './paths/vehicle-detail';

export const WebPaths = {
  home: '/',
  listing: '/listing',
  /** A vehicle's page: `WebPaths.vehicle(id)`; `.pattern` is the route. */
  vehicle: VehicleDetailPath,
  about: '/about',
  privacy: '/privacy',
  contact: '/contact-us',
  register: '/register',
  login: '/login',
  /** Password recovery and address verification, reached from the links in e-mails (issue 25). */
  forgotPassword: '/forgot-password',
  resetPassword: '/reset-password',
  verifyEmail: '/verify-email',
  /** The page a mail's 'Stop e-mails like this one' link opens (?token=): asks, then switches that kind off. */
  unsubscribe: '/unsubscribe',
  chat: '/chat',
  profile: {
    overview: '/profile',
    rentals: '/profile/rentals',
    vehicles: '/profile/vehicles',
    settings: '/profile/settings',
    wallet: '/profile/wallet',
    /** The vehicles the user saved (the hearts). */
    saved: '/profile/saved',
    /** The owner's figures (issue 30). */
    dashboard: '/profile/dashboard',
    /** Moderation decisions about the user's listings or account, each answerable once (issue 28). */
    decisions: '/profile/decisions',
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
    /** Employees: the reports queue and the Users screen (issue 28). */
    moderation: '/manage/moderation',
    users: '/manage/users',
    /** Employees: the audit trail (issue 28). */
    audit: '/manage/audit',
    /** Employees: e-mail that did not go out (issue 25). */
    mail: '/manage/mail',
    /** Employees: the marketplace's figures (issue 30). */
    dashboard: '/manage/dashboard',
    /** Employees: damage claims on deposits (issue 27). */
    claims: '/manage/claims',
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
  WebPaths.unsubscribe,
] as const;

/** Whether a path is one of the private pages (or below one). */
export function isPrivateWebPath(pathname: string): boolean {
  pathname = splitLocalePath(pathname).path;
  return PRIVATE_WEB_PREFIXES.some((prefix) => pathname === prefix || pathname.startsWith(`${prefix}/`));
}

/**
 * Languages in URLs (issue 24): English at the root with the spec's routes, every other language under
 * its prefix on every route ('/de/listing?type=Car', '/fr/api/vehicle/{id}', '/es/profile/wallet').
 * The web router runs with the prefix as its basename, so every link and navigation inside the app keeps
 * the language by itself; these build the URLs outside it (the switch, hreflang, the sitemap, the server).
 */
export function localePrefix(locale: Locale): string {
  return locale === DEFAULT_LOCALE ? '' : `/${locale}`;
}

/** `path` (with its query) in `locale`: localePath('de', '/listing?type=Car') is '/de/listing?type=Car'; home is '/de'. */
export function localePath(locale: Locale, path: string): string {
  const prefix = localePrefix(locale);
  if (!prefix) return path;
  return path === '/' || path.startsWith('/?') || path.startsWith('/#') ? `${prefix}${path.slice(1)}` : `${prefix}${path}`;
}

/**
 * The language of a page's path and the path without its prefix: '/de/listing' -> { locale: 'de',
 * path: '/listing' }; '/de' -> '/'. A path without a language prefix is English ('/deals' too).
 */
export function splitLocalePath(pathname: string): { locale: Locale; path: string } {
  const match = /^\/([a-z]{2})(?=\/|$)/i.exec(pathname);
  const candidate = match?.[1];
  if (!candidate || candidate === DEFAULT_LOCALE || !isLocale(candidate)) return { locale: DEFAULT_LOCALE, path: pathname };
  return { locale: candidate, path: pathname.slice(candidate.length + 1) || '/' };
}

/**
 * A public page in every language, for `hreflang` alternates and the sitemap: `path` is the page
 * without a prefix (with its query); x-default is the English page at the root.
 */
export function languageAlternates(path: string): { hreflang: Locale | 'x-default'; path: string }[] {
  return [...LOCALES.map((locale) => ({ hreflang: locale, path: localePath(locale, path) })), { hreflang: 'x-default' as const, path }];
}

/** The other languages' prefixes of the private pages, for robots.txt (PRIVATE_WEB_PREFIXES in every language). */
export function privateWebPrefixesInEveryLanguage(): string[] {
  return LOCALES.flatMap((locale) => PRIVATE_WEB_PREFIXES.map((prefix) => localePath(locale, prefix)));
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
  /** The page's language (`<html lang>`). */
  locale: Locale;
  /** Source modules of the screen (keys of the client build's manifest) worth preloading. */
  modules: string[];
}
