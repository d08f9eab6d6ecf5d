import type { ComponentType } from 'react';
import type { RouteObject } from 'react-router';
import { WebPaths } from '@rentdrive/contracts/web-paths';
import { GuestOnly } from './guards/guest-only';
import { RequireAuth } from './guards/require-auth';
import { RequireEmployee } from './guards/require-employee';
import { AppLayout } from './layouts/app-layout';
import { RouteError } from './layouts/route-error';

/**
 * Each screen is its own chunk, so home loads only what home needs. The router loads a screen's
 * chunk before it shows the screen (the previous one stays until then), and the server and the
 * browser both load the chunks of the first page before rendering it, so server-rendered markup
 * is hydrated by the same components without a loading state in between.
 */
function page(load: () => Promise<{ default: ComponentType }>): Pick<RouteObject, 'lazy'> {
  return { lazy: async () => ({ Component: (await load()).default }) };
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
          { path: WebPaths.home, ...page(() => import('./routes/home')) },
          { path: WebPaths.listing, ...page(() => import('./routes/listing')) },
          { path: WebPaths.vehicle.pattern, ...page(() => import('./routes/vehicle-details')) },
          { path: WebPaths.contact, ...page(() => import('./routes/contact')) },
          { path: WebPaths.about, ...page(() => import('./routes/info-page')) },
          { path: WebPaths.privacy, ...page(() => import('./routes/info-page')) },
          {
            element: <GuestOnly />,
            children: [
              { path: WebPaths.register, ...page(() => import('./routes/register')) },
              { path: WebPaths.login, ...page(() => import('./routes/login')) },
            ],
          },
          {
            element: <RequireAuth />,
            children: [
              { path: WebPaths.chat, ...page(() => import('./routes/chat')) },
              {
                path: WebPaths.profile.overview,
                // Signed-in pages only: its own chunk, not every visitor's first load.
                lazy: async () => ({ Component: (await import('./layouts/profile-layout')).ProfileLayout }),
                children: [
                  { index: true, ...page(() => import('./routes/profile-overview')) },
                  { path: WebPaths.profile.rentals, ...page(() => import('./routes/profile-rentals')) },
                  { path: WebPaths.profile.vehicles, ...page(() => import('./routes/profile-vehicles')) },
                  { path: WebPaths.profile.settings, ...page(() => import('./routes/profile-settings')) },
                  { path: WebPaths.profile.wallet, ...page(() => import('./routes/profile-wallet')) },
                ],
              },
              { path: WebPaths.manage.createVehicle, ...page(() => import('./routes/vehicle-create')) },
              { path: WebPaths.manage.editVehicle.pattern, ...page(() => import('./routes/vehicle-edit')) },
            ],
          },
          {
            element: <RequireEmployee />,
            children: [
              { path: WebPaths.manage.vehicleTypes, ...page(() => import('./routes/manage-vehicle-types')) },
              { path: WebPaths.manage.vehicleTypeProperties, ...page(() => import('./routes/manage-vehicle-type-properties')) },
              { path: WebPaths.manage.vehicleTypeCategories, ...page(() => import('./routes/manage-vehicle-type-categories')) },
            ],
          },
          { path: '*', ...page(() => import('./routes/not-found')) },
        ],
      },
    ],
  },
];
