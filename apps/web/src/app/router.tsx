import { lazy, Suspense, type ComponentType } from 'react';
import { createBrowserRouter, Outlet } from 'react-router';

/** Each screen is its own chunk, so home loads only what home needs. */
function page(load: () => Promise<{ default: ComponentType }>) {
  const Component = lazy(load);
  return (
    <Suspense fallback={<p className="p-8 text-center text-slate-600">Loading page...</p>}>
      <Component />
    </Suspense>
  );
}

export const router = createBrowserRouter([
  {
    element: <Outlet />,
    children: [
      { path: '/', element: page(() => import('./routes/home')) },
      { path: '/listing', element: page(() => import('./routes/listing')) },
      { path: '/api/vehicle/:id', element: page(() => import('./routes/vehicle-details')) },
      { path: '/contact-us', element: page(() => import('./routes/contact')) },
      { path: '/register', element: page(() => import('./routes/register')) },
      { path: '/login', element: page(() => import('./routes/login')) },
      { path: '/chat', element: page(() => import('./routes/chat')) },
      { path: '/profile', element: page(() => import('./routes/profile-overview')) },
      { path: '/profile/rentals', element: page(() => import('./routes/profile-rentals')) },
      { path: '/profile/vehicles', element: page(() => import('./routes/profile-vehicles')) },
      { path: '/profile/settings', element: page(() => import('./routes/profile-settings')) },
      { path: '/profile/wallet', element: page(() => import('./routes/profile-wallet')) },
      { path: '/manage/vehicles/create', element: page(() => import('./routes/vehicle-create')) },
      { path: '/manage/vehicles/edit/:id', element: page(() => import('./routes/vehicle-edit')) },
      { path: '/manage/vehicle-types', element: page(() => import('./routes/manage-vehicle-types')) },
      { path: '/manage/vehicle-type-properties', element: page(() => import('./routes/manage-vehicle-type-properties')) },
      { path: '/manage/vehicle-type-categories', element: page(() => import('./routes/manage-vehicle-type-categories')) },
      { path: '*', element: page(() => import('./routes/not-found')) },
    ],
  },
]);
