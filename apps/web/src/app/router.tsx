import { lazy, Suspense, type ComponentType } from 'react';
import { createBrowserRouter } from 'react-router';
import { LoadingText } from '../components/ui/loading-text';
import { GuestOnly } from './guards/guest-only';
import { RequireAuth } from './guards/require-auth';
import { RequireEmployee } from './guards/require-employee';
import { AppLayout } from './layouts/app-layout';
import { ProfileLayout } from './layouts/profile-layout';
import { RouteError } from './layouts/route-error';

/** Each screen is its own chunk, so home loads only what home needs. */
function page(load: () => Promise<{ default: ComponentType }>) {
  const Component = lazy(load);
  return (
    <Suspense fallback={<LoadingText text="Loading page..." className="py-16" />}>
      <Component />
    </Suspense>
  );
}

export const router = createBrowserRouter([
  {
    element: <AppLayout />,
    children: [
      {
        // Errors render inside the layout, so the header and its links stay usable.
        errorElement: <RouteError />,
        children: [
          { path: '/', element: page(() => import('./routes/home')) },
          { path: '/listing', element: page(() => import('./routes/listing')) },
          { path: '/api/vehicle/:id', element: page(() => import('./routes/vehicle-details')) },
          { path: '/contact-us', element: page(() => import('./routes/contact')) },
          { path: '/about', element: page(() => import('./routes/info-page')) },
          { path: '/privacy', element: page(() => import('./routes/info-page')) },
          {
            element: <GuestOnly />,
            children: [
              { path: '/register', element: page(() => import('./routes/register')) },
              { path: '/login', element: page(() => import('./routes/login')) },
            ],
          },
          {
            element: <RequireAuth />,
            children: [
              { path: '/chat', element: page(() => import('./routes/chat')) },
              {
                path: '/profile',
                element: <ProfileLayout />,
                children: [
                  { index: true, element: page(() => import('./routes/profile-overview')) },
                  { path: 'rentals', element: page(() => import('./routes/profile-rentals')) },
                  { path: 'vehicles', element: page(() => import('./routes/profile-vehicles')) },
                  { path: 'settings', element: page(() => import('./routes/profile-settings')) },
                  { path: 'wallet', element: page(() => import('./routes/profile-wallet')) },
                ],
              },
              { path: '/manage/vehicles/create', element: page(() => import('./routes/vehicle-create')) },
              { path: '/manage/vehicles/edit/:id', element: page(() => import('./routes/vehicle-edit')) },
            ],
          },
          {
            element: <RequireEmployee />,
            children: [
              { path: '/manage/vehicle-types', element: page(() => import('./routes/manage-vehicle-types')) },
              { path: '/manage/vehicle-type-properties', element: page(() => import('./routes/manage-vehicle-type-properties')) },
              { path: '/manage/vehicle-type-categories', element: page(() => import('./routes/manage-vehicle-type-categories')) },
            ],
          },
          { path: '*', element: page(() => import('./routes/not-found')) },
        ],
      },
    ],
  },
]);
