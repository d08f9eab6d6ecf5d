import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ToastProvider } from '../../../components/ui/toast';
import { jsonResponse, stubFetch } from '../../../test/fetch-stub';
import { VehicleDetailsScreen } from './vehicle-details-screen';

const ID = '6f0c3c1e-8a43-4a55-9a6e-2b7f2d1d9b10';

afterEach(() => vi.unstubAllGlobals());

function renderDetails() {
  const client = new QueryClient({ defaultOptions: { queries: { retryDelay: 0 } } });
  const router = createMemoryRouter(
    [
      { path: '/api/vehicle/:id', element: <VehicleDetailsScreen vehicleId={ID} /> },
      { path: '/listing', element: <h1>Listing</h1> },
    ],
    { initialEntries: [`/api/vehicle/${ID}`] },
  );
  render(
    <QueryClientProvider client={client}>
      <ToastProvider>
        <RouterProvider router={router} />
      </ToastProvider>
    </QueryClientProvider>,
  );
  return router;
}

describe('VehicleDetailsScreen', () => {
  it('goes to the listing when the vehicle cannot be loaded, and a toast says why', async () => {
    stubFetch((url) =>
      url === '/api/account/me'
        ? jsonResponse({ status: 401, title: 'Unauthorized', detail: 'Not authenticated' }, 401)
        : jsonResponse({ status: 503, title: 'Service Unavailable', detail: 'Try again.' }, 503),
    );
    const router = renderDetails();
    expect(await screen.findByRole('heading', { name: 'Listing' }, { timeout: 5000 })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/listing');
    // The toast's look loads with the first toast (components/ui/toast-view.tsx).
    expect(
      await screen.findByText(
        'This vehicle could not be loaded (the server answered 503), so you are back on the listing. Please try again in a moment.',
      ),
    ).toBeInTheDocument();
  });

  it('says a vehicle that does not exist is not found, without leaving', async () => {
    stubFetch(() => jsonResponse({ status: 404, title: 'Not Found', detail: 'Vehicle not found.' }, 404));
    const router = renderDetails();
    expect(await screen.findByText('Vehicle not found.')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe(`/api/vehicle/${ID}`);
  });
});
