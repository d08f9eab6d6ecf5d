import type { ComponentType } from 'react';
import type { RouteObject } from 'react-router';
import { WebPaths } from '@rentdrive/contracts/web-paths';
import { FIRST_LOAD_SCREENS } from './first-load-screens';
import { GuestOnly } from './guards/guest-only';
import { RequireAuth } from './guards/require-auth';
import { RequireEmployee } from './guards/require-employee';
import { AppLayout } from './layouts/app-layout';
import { RouteError } from './layouts/route-error';
import type { LoadPage, RouteHandle } from './ssr/page-data';

// The public screens and the 404 page, each its own chunk (the others: other-screens.ts); and, in the
// server renderer only, each screen's page module (routes/<screen>.page.ts: what the server prefetches
// and puts in <head>), left out of the browser's build.
const firstLoadScreens = import.meta.glob<{ default: ComponentType }>([
  './routes/home.tsx',
  './routes/listing.tsx',
  './routes/vehicle-details.tsx',
  './routes/not-found.tsx',
]);
const pageModules: Record<string, () => Promise<{ loadPage: LoadPage }>> = import.meta.env.SSR
  ? import.meta.glob<{ loadPage: LoadPage }>('./routes/*.page.ts')
  : {};

/** The other screens' table (loaded with the first of them, or when the browser is idle after hydration). */
export const loadOtherScreens = () => import('./other-screens');

/**
 * The route parts of screen `routes/<name>.tsx`. Each screen is its own chunk, so home loads only
 * what home needs. The router loads a screen's chunk before it shows the screen (the previous one
 * stays until then), and the server and the browser both load the chunks of the first page before
 * rendering it, so server-rendered markup is hydrated by the same components without a loading
 * state in between. The handle names the screen's source module (the server preloads its chunk, from
 * the build's manifest), its page module and, for a screen outside the first load, what comes with
 * it: the other screens' table and the whole stylesheet (the first-load one holds the public pages'
 * classes only), which the server preloads and links.
 */
function page(name: string): Pick<RouteObject, 'lazy' | 'handle'> {
  const firstLoad = firstLoadScreens[`./routes/${name}.tsx`];
  if (!!firstLoad !== (FIRST_LOAD_SCREENS as readonly string[]).includes(name)) {
    throw new Error(`routes/${name}.tsx: router.tsx's first-load screens differ from FIRST_LOAD_SCREENS`);
  }
  const handle: RouteHandle = {
    screen: `src/app/routes/${name}.tsx`,
    page: pageModules[`./routes/${name}.page.ts`],
    ...(firstLoad || !import.meta.env.SSR ? {} : { alsoLoads: ['src/app/other-screens.ts', 'src/styles-all.css'] }),
  };
  if (firstLoad) return { lazy: async () => ({ Component: (await firstLoad()).default }), handle };
  return { lazy: async () => ({ Component: await (await loadOtherScreens()).loadScreen(name) }), handle };
}

/** Every route of the app: the browser router (main.tsx) and the server renderer share them. */
export const routes: RouteObject[] = [
  {
    element: <AppLayout />,
    children: [
      {
        // Errors render inside the layout, so the header and its links stay usable.
        errorElement: <RouteError />,
        children: [
          { path: WebPaths.home, ...page('home') },
          { path: WebPaths.listing, ...page('listing') },
          { path: WebPaths.vehicle.pattern, ...page('vehicle-details') },
          { path: WebPaths.contact, ...page('contact') },
          { path: WebPaths.about, ...page('info-page') },
          { path: WebPaths.privacy, ...page('info-page') },
          // Reached from the links in e-mails, signed in or not (issue 25).
          { path: WebPaths.resetPassword, ...page('reset-password') },
          { path: WebPaths.verifyEmail, ...page('verify-email') },
          { path: WebPaths.unsubscribe, ...page('unsubscribe') },
          {
            element: <GuestOnly />,
            children: [
              { path: WebPaths.register, ...page('register') },
              { path: WebPaths.login, ...page('login') },
              { path: WebPaths.forgotPassword, ...page('forgot-password') },
            ],
          },
          {
            element: <RequireAuth />,
            children: [
              { path: WebPaths.chat, ...page('chat') },
              {
                path: WebPaths.profile.overview,
                // Signed-in pages only: its own chunk, not every visitor's first load.
                lazy: async () => ({ Component: await (await loadOtherScreens()).loadProfileLayout() }),
                children: [
                  { index: true, ...page('profile-overview') },
                  { path: WebPaths.profile.rentals, ...page('profile-rentals') },
                  { path: WebPaths.profile.vehicles, ...page('profile-vehicles') },
                  { path: WebPaths.profile.settings, ...page('profile-settings') },
                  { path: WebPaths.profile.wallet, ...page('profile-wallet') },
                  { path: WebPaths.profile.saved, ...page('profile-saved') },
                  { path: WebPaths.profile.decisions, ...page('profile-decisions') },
                  { path: WebPaths.profile.dashboard, ...page('profile-dashboard') },
                ],
              },
              { path: WebPaths.manage.createVehicle, ...page('vehicle-create') },
              { path: WebPaths.manage.editVehicle.pattern, ...page('vehicle-edit') },
            ],
          },
          {
            element: <RequireEmployee />,
            children: [
              { path: WebPaths.manage.vehicleTypes, ...page('manage-vehicle-types') },
              { path: WebPaths.manage.vehicleTypeProperties, ...page('manage-vehicle-type-properties') },
              { path: WebPaths.manage.vehicleTypeCategories, ...page('manage-vehicle-type-categories') },
              { path: WebPaths.manage.moderation, ...page('manage-moderation') },
              { path: WebPaths.manage.users, ...page('manage-users') },
              { path: WebPaths.manage.audit, ...page('manage-audit') },
              { path: WebPaths.manage.mail, ...page('manage-mail') },
              { path: WebPaths.manage.dashboard, ...page('manage-dashboard') },
              { path: WebPaths.manage.claims, ...page('manage-claims') },
            ],
          },
          { path: '*', ...page('not-found') },
        ],
      },
    ],
  },
];
