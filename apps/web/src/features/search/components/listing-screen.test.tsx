import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse, stubFetch } from '../../../test/fetch-stub';
import { ListingScreen } from './listing-screen';

const FACETS = {
  makes: [{ name: 'Audi', count: 2 }],
  colors: [{ name: 'Black', count: 2 }],
  fuelTypes: [{ id: 1, name: 'Petrol', count: 2 }],
  price: { min: 25, max: 140 },
  year: { min: 2017, max: 2023 },
  properties: [
    {
      propertyId: 'doors',
      propertyName: 'Doors',
      valueType: 'number',
      propertyValues: [{ propertyValue: '4', unitOfMeasurement: 'None', count: 2 }],
    },
    {
      propertyId: 'seats',
      propertyName: 'Seats',
      valueType: 'number',
      propertyValues: [{ propertyValue: '5', unitOfMeasurement: 'None', count: 2 }],
    },
  ],
};

beforeEach(() => {
  stubFetch((url) => {
    if (url.includes('/api/vehicle/search')) return jsonResponse({ items: [], total: 2, page: 1, pageSize: 24, facets: FACETS });
    if (url.includes('/api/vehicle/base-filter-properties'))
      return jsonResponse({
        makes: [],
        colors: [],
        fuelTypes: [],
        minPrice: 25,
        maxPrice: 140,
        minYearOfProduction: 2017,
        maxYearOfProduction: 2023,
      });
    if (url.endsWith('/api/vehicletype/types')) return jsonResponse([{ id: 1, name: 'Car', availableFuels: [] }]);
    if (url.endsWith('/api/vehicletypecategory/all')) return jsonResponse([]);
    if (url.endsWith('/api/base/fuel-types')) return jsonResponse([]);
    return jsonResponse({}, 404);
  });
});
afterEach(() => vi.unstubAllGlobals());

/** The listing at a URL with a query (the filters live in it). */
function renderListing(url: string) {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const router = createMemoryRouter([{ path: '/listing', element: <ListingScreen /> }], { initialEntries: [url] });
  render(
    <QueryClientProvider client={queryClient}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
  return router;
}

/** The desktop sidebar (the phone panel repeats it inside the dialog). */
const sidebar = () => screen.getByRole('complementary', { name: 'Filters' });

describe('listing filter groups', () => {
  it('are disclosure buttons: aria-expanded tells whether the options they control are shown', async () => {
    renderListing('/listing?type=Car&p.seats=5');
    const price = await within(sidebar()).findByRole('button', { name: 'Price per day' });
    expect(price).toHaveAttribute('aria-expanded', 'true');
    const priceOptions = document.getElementById(price.getAttribute('aria-controls')!)!;
    expect(await within(priceOptions).findByRole('slider', { name: 'Minimum price per day' })).toBeVisible();

    await userEvent.click(price);
    expect(price).toHaveAttribute('aria-expanded', 'false');
    expect(priceOptions).not.toBeVisible();
    expect(within(sidebar()).queryByRole('slider', { name: 'Minimum price per day' })).not.toBeInTheDocument();

    // The keyboard opens it again.
    price.focus();
    await userEvent.keyboard('{Enter}');
    expect(price).toHaveAttribute('aria-expanded', 'true');
    expect(within(sidebar()).getByRole('slider', { name: 'Maximum price per day' })).toBeVisible();

    // Property groups start closed unless one of their values is chosen.
    const doors = await within(sidebar()).findByRole('button', { name: 'Doors' });
    expect(doors).toHaveAttribute('aria-expanded', 'false');
    expect(within(sidebar()).queryByRole('group', { name: 'Doors' })).not.toBeInTheDocument();
    const seats = within(sidebar()).getByRole('button', { name: /^Seats/ });
    expect(seats).toHaveAttribute('aria-expanded', 'true');
    expect(within(sidebar()).getByRole('checkbox', { name: /^5\b/ })).toBeChecked();
  });
});

describe('listing filters panel (phones)', () => {
  it('opens as a dialog from the Filters button and gives focus back to it when closed', async () => {
    renderListing('/listing?type=Car');
    const button = screen.getByRole('button', { name: 'Filters' });
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();

    await userEvent.click(button);
    const dialog = await screen.findByRole('dialog', { name: 'Filters' });
    expect(within(dialog).getByRole('combobox', { name: 'Vehicle type' })).toHaveValue('Car');
    expect(await within(dialog).findByRole('slider', { name: 'Minimum price per day' })).toBeInTheDocument();
    await waitFor(() => expect(dialog).toContainElement(document.activeElement as HTMLElement));

    await userEvent.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    await waitFor(() => expect(button).toHaveFocus());

    // The results button closes it too.
    await userEvent.click(button);
    await userEvent.click(await screen.findByRole('button', { name: 'Show 2 vehicles' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    await waitFor(() => expect(button).toHaveFocus());
  });
});

describe('choosing a make', () => {
  it('puts it in the URL and asks for its results once, with that make', async () => {
    const fetchMock = vi.mocked(fetch);
    const router = renderListing('/listing?type=Car');
    const make = await within(sidebar()).findByRole('checkbox', { name: /^Audi/ });
    await userEvent.click(make);
    await waitFor(() => expect(router.state.location.search).toContain('make=Audi'));
    await waitFor(() => expect(within(sidebar()).getByRole('checkbox', { name: /^Audi/ })).toBeChecked());
    const searches = fetchMock.mock.calls.filter(([url]) => (url as string).includes('/api/vehicle/search'));
    const withAudi = searches.filter(([, init]) => (init?.body as string).includes('Audi'));
    expect(withAudi).toHaveLength(1);
  });
});
