import type { ComponentType } from 'react';
import type { RouteObject } from 'react-router';
import { WebPaths } from '@rentdrive/contracts/web-paths';
import { GuestOnly } from './guards/guest-only';
import { RequireAuth } from './guards/require-auth';
import { RequireEmployee } from './guards/require-employee';
import { AppLayout } from './layouts/app-layout';
import { RouteError } from './layouts/route-error';
import type { LoadPage, RouteHandle } from './ssr/page-data';

// Each screen, its own chunk; and, in the server renderer only, its page module (routes/<screen>.page.ts:
// what the server prefetches and puts in <head>), left out of the browser's build.
const screens = import.meta.glob<{ default: ComponentType }>('./routes/*.tsx');
const pageModules: Record<string, () => Promise<{ loadPage: LoadPage }>> = import.meta.env.SSR
  ? import.meta.glob<{ loadPage: LoadPage }>('./routes/*.page.ts')
  : {};

/**
 * The route parts of screen `routes/<name>.tsx`. Each screen is its own chunk, so home loads only
 * what home needs. The router loads a screen's chunk before it shows the screen (the previous one
 * stays until then), and the server and the browser both load the chunks of the first page before
 * rendering it, so server-rendered markup is hydrated by the same components without a loading
 * state in between. The handle names the screen's source module (the server preloads its chunk, from
 * the build's manifest) and its page module.
 */
function page(name: string): Pick<RouteObject, 'lazy' | 'handle'> {
  const load = screens[`./routes/${name}.tsx`];
  if (!load) throw new Error(`No screen routes/${name}.tsx`);
  const handle: RouteHandle = { screen: `src/app/routes/${name}.tsx`, page: pageModules[`./routes/${name}.page.ts`] };
  return { lazy: async () => ({ Component: (await load()).default }), handle };
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
                lazy: async () => ({ Component: (await import('./layouts/profile-layout')).ProfileLayout }),
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
