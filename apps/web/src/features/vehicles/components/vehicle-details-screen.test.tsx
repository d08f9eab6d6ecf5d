import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, within } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { VehicleCard } from '@rentdrive/contracts/search';
import type { VehicleDetail } from '@rentdrive/contracts/vehicles';
import { ToastProvider } from '../../../components/ui/toast';
import { jsonResponse, stubFetch } from '../../../test/fetch-stub';
import { vehicleQueryOptions } from '../api/get-vehicle';
import { VehicleDetailsScreen } from './vehicle-details-screen';

const ID = '6f0c3c1e-8a43-4a55-9a6e-2b7f2d1d9b10';

afterEach(() => vi.unstubAllGlobals());

const CARD: VehicleCard = {
  id: ID,
  make: 'Škoda',
  model: 'Octavia',
  vehicleType: 'Car',
  vehicleTypeCategory: 'Estate',
  yearOfProduction: 2019,
  pricePerDay: 45,
  fuelType: 'Diesel',
  imageURL: 'images/vehicles/octavia-thumb.webp',
  description: 'Estate car.',
  ownerName: 'olga',
  starsRating: 4.5,
  reviewCount: 2,
};
const VEHICLE: VehicleDetail = {
  id: ID,
  make: 'Škoda',
  model: 'Octavia',
  color: 'Grey',
  fuelType: 'Diesel',
  dateOfProduction: '2019-05-01',
  curbWeightInKg: 1400,
  description: 'A roomy estate for long trips.',
  pricePerDay: 45,
  ownerId: '0b7f8a52-1c55-4a3e-9f3e-0c1f4a7d2e11',
  ownerName: 'olga',
  isCompanyProperty: false,
  vehicleType: 'Car',
  vehicleTypeCategory: 'Estate',
  starsRating: 4.5,
  reviewCount: 2,
  imageURLS: ['images/vehicles/octavia.webp'],
  thumbnailURLS: ['images/vehicles/octavia-thumb.webp'],
  vehicleProperties: [],
  vehicleReviews: [],
};

/** The listing the visitor came from: its answer, with the vehicle's card, is in the query cache. */
function withListing(client: QueryClient) {
  client.setQueryData(['search', 'results', { page: 1 }], { items: [CARD], total: 1, page: 1, pageSize: 24 });
}

function renderDetails(seed?: (client: QueryClient) => void) {
  const client = new QueryClient({ defaultOptions: { queries: { retryDelay: 0 } } });
  seed?.(client);
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

  describe('opened from its card', () => {
    it('shows the name, photo, price and rating the card showed at once, and the rest once it loads', async () => {
      let answer: (response: Response) => void = () => undefined;
      const held = new Promise<Response>((resolve) => (answer = resolve));
      vi.stubGlobal(
        'fetch',
        vi.fn((input: string) =>
          input.includes(`/api/vehicle/${ID}`)
            ? held
            : Promise.resolve(jsonResponse({ status: 401, title: 'Unauthorized', detail: 'Not authenticated' }, 401)),
        ),
      );
      renderDetails(withListing);
      const heading = await screen.findByRole('heading', { level: 1 });
      expect(heading).toHaveTextContent('Škoda Octavia');
      expect(screen.getByRole('status')).toHaveTextContent('Loading vehicle...');
      const aside = screen.getByRole('complementary', { name: 'Price and booking' });
      expect(within(aside).getByText('Car · Estate · 2019')).toBeInTheDocument();
      expect(within(aside).getByText(/45/)).toBeInTheDocument();
      // The card's photo (the thumbnail the listing showed) in the gallery's place.
      expect(document.querySelector('img[src$="octavia-thumb.webp"]')).not.toBeNull();
      expect(screen.queryByText('A roomy estate for long trips.')).not.toBeInTheDocument();

      answer(jsonResponse(VEHICLE));
      expect(await screen.findByText('A roomy estate for long trips.')).toBeInTheDocument();
      expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('Škoda Octavia');
      expect(screen.queryByRole('status')).not.toBeInTheDocument();
      expect(screen.getByRole('button', { name: 'Open image 1 of 1 full screen' })).toBeInTheDocument();
    });

    it('shows the full vehicle at once, never its preview, when its own answer is in the cache (Back to it)', async () => {
      stubFetch((url) =>
        url.includes(`/api/vehicle/${ID}`)
          ? jsonResponse(VEHICLE)
          : jsonResponse({ status: 401, title: 'Unauthorized', detail: 'Not authenticated' }, 401),
      );
      // Whatever reaches the page from the first render on: the preview's 'Loading vehicle...' must not.
      const seen: string[] = [];
      const observer = new MutationObserver((records) => {
        for (const record of records) {
          for (const node of record.addedNodes) if (node.textContent?.includes('Loading vehicle...')) seen.push(node.nodeName);
        }
      });
      observer.observe(document.body, { childList: true, subtree: true });
      renderDetails((client) => {
        withListing(client);
        client.setQueryData(vehicleQueryOptions(ID).queryKey, VEHICLE);
      });
      expect(screen.getByText('A roomy estate for long trips.')).toBeInTheDocument();
      expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('Škoda Octavia');
      await new Promise((resolve) => setTimeout(resolve, 50));
      observer.disconnect();
      expect(seen).toEqual([]);
      expect(screen.queryByRole('status')).not.toBeInTheDocument();
    });

    it('still goes to the listing with a toast when the vehicle cannot be loaded', async () => {
      stubFetch((url) =>
        url === '/api/account/me'
          ? jsonResponse({ status: 401, title: 'Unauthorized', detail: 'Not authenticated' }, 401)
          : jsonResponse({ status: 503, title: 'Service Unavailable', detail: 'Try again.' }, 503),
      );
      const router = renderDetails(withListing);
      expect(await screen.findByRole('heading', { name: 'Listing' }, { timeout: 5000 })).toBeInTheDocument();
      expect(router.state.location.pathname).toBe('/listing');
      expect(await screen.findByText(/This vehicle could not be loaded \(the server answered 503\)/)).toBeInTheDocument();
    });

    it('says a vehicle that is gone is not found', async () => {
      stubFetch(() => jsonResponse({ status: 404, title: 'Not Found', detail: 'Vehicle not found.' }, 404));
      renderDetails(withListing);
      expect(await screen.findByText('Vehicle not found.')).toBeInTheDocument();
      expect(screen.queryByRole('heading', { name: /Octavia/ })).not.toBeInTheDocument();
    });
  });
});
