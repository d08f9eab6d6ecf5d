import type { ComponentType } from 'react';
import type { RouteObject } from 'react-router';
import { VehiclePaths } from '@rentdrive/contracts/paths';
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
          { path: '/', ...page(() => import('./routes/home')) },
          { path: '/listing', ...page(() => import('./routes/listing')) },
          { path: VehiclePaths.detail.pattern, ...page(() => import('./routes/vehicle-details')) },
          { path: '/contact-us', ...page(() => import('./routes/contact')) },
          { path: '/about', ...page(() => import('./routes/info-page')) },
          { path: '/privacy', ...page(() => import('./routes/info-page')) },
          {
            element: <GuestOnly />,
            children: [
              { path: '/register', ...page(() => import('./routes/register')) },
              { path: '/login', ...page(() => import('./routes/login')) },
            ],
          },
          {
            element: <RequireAuth />,
            children: [
              { path: '/chat', ...page(() => import('./routes/chat')) },
              {
                path: '/profile',
                // Signed-in pages only: its own chunk, not every visitor's first load.
                lazy: async () => ({ Component: (await import('./layouts/profile-layout')).ProfileLayout }),
                children: [
                  { index: true, ...page(() => import('./routes/profile-overview')) },
                  { path: 'rentals', ...page(() => import('./routes/profile-rentals')) },
                  { path: 'vehicles', ...page(() => import('./routes/profile-vehicles')) },
                  { path: 'settings', ...page(() => import('./routes/profile-settings')) },
                  { path: 'wallet', ...page(() => import('./routes/profile-wallet')) },
                ],
              },
              { path: '/manage/vehicles/create', ...page(() => import('./routes/vehicle-create')) },
              { path: '/manage/vehicles/edit/:id', ...page(() => import('./routes/vehicle-edit')) },
            ],
          },
          {
            element: <RequireEmployee />,
            children: [
              { path: '/manage/vehicle-types', ...page(() => import('./routes/manage-vehicle-types')) },
              { path: '/manage/vehicle-type-properties', ...page(() => import('./routes/manage-vehicle-type-properties')) },
              { path: '/manage/vehicle-type-categories', ...page(() => import('./routes/manage-vehicle-type-categories')) },
            ],
          },
          { path: '*', ...page(() => import('./routes/not-found')) },
        ],
      },
    ],
  },
];
