import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { SEARCH_DEBOUNCE_MS } from '@rentdrive/contracts/search-constants';
import { ToastProvider } from '../../../components/ui/toast';
import { flushRouterUpdate } from '../../../lib/flush-router-update';
import { jsonResponse, stubFetch } from '../../../test/fetch-stub';
import { sliderBoundsAnswer } from '../../../test/search-answers';
import { CHOICE_WAIT_MS, ListingScreen } from './listing-screen';

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

/** The listing's other calls: the sliders' bounds and the catalogue. */
function referenceAnswer(url: string): Response {
  if (url.includes('/api/vehicle/base-filter-properties')) return sliderBoundsAnswer();
  if (url.endsWith('/api/vehicletype/types')) return jsonResponse([{ id: 1, name: 'Car', availableFuels: [] }]);
  if (url.endsWith('/api/vehicletypecategory/all')) return jsonResponse([]);
  if (url.endsWith('/api/base/fuel-types')) return jsonResponse([]);
  return jsonResponse({}, 404);
}

beforeEach(() => {
  stubFetch((url) =>
    url.includes('/api/vehicle/search')
      ? jsonResponse({ items: [], total: 2, page: 1, pageSize: 24, facets: FACETS })
      : referenceAnswer(url),
  );
});
afterEach(() => vi.unstubAllGlobals());

/** A request's JSON body (the search's), or '' for a request without one. */
const bodyOf = (init: RequestInit | undefined) => (typeof init?.body === 'string' ? init.body : '');

/** The listing at a URL with a query (the filters live in it). */
function renderListing(url: string) {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const router = createMemoryRouter([{ path: '/listing', element: <ListingScreen /> }], { initialEntries: [url] });
  render(
    <QueryClientProvider client={queryClient}>
      <ToastProvider>
        <RouterProvider router={router} flushSync={flushRouterUpdate} />
      </ToastProvider>
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
    const withAudi = searches.filter(([, init]) => bodyOf(init).includes('Audi'));
    expect(withAudi).toHaveLength(1);
  });
});

/** The search answers, each held until the test lets it go: a filter whose answer is on its way. */
function holdSearches() {
  const held: { body: string; release: (total: number) => void }[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn((input: RequestInfo | URL, init?: RequestInit) => {
      const url = String(input instanceof Request ? input.url : input);
      if (!url.includes('/api/vehicle/search')) return Promise.resolve(referenceAnswer(url));
      const body = bodyOf(init);
      if (!body.includes('Audi') && !body.includes('Black'))
        return Promise.resolve(jsonResponse({ items: [], total: 2, page: 1, pageSize: 24, facets: FACETS }));
      return new Promise<Response>((resolve) =>
        held.push({ body, release: (total) => resolve(jsonResponse({ items: [], total, page: 1, pageSize: 24, facets: FACETS })) }),
      );
    }),
  );
  return held;
}

describe('a choice whose results are on their way', () => {
  it('is ticked at once, and the URL changes with its results, in one render', async () => {
    const held = holdSearches();
    const router = renderListing('/listing?type=Car');
    await screen.findByText('2 vehicles found');
    await userEvent.click(await within(sidebar()).findByRole('checkbox', { name: /^Audi/ }));

    expect(within(sidebar()).getByRole('checkbox', { name: /^Audi/ })).toBeChecked();
    expect(router.state.location.search).not.toContain('make=Audi');
    expect(screen.getByText('2 vehicles found')).toBeInTheDocument();
    await waitFor(() => expect(held).toHaveLength(1));

    // What the page shows when the URL changes: the new URL's results, never the old ones under it.
    const seen: string[] = [];
    router.subscribe((state) => seen.push(`${state.location.search} ${screen.queryByText(/found$/)?.textContent}`));
    held[0]!.release(1);
    await waitFor(() => expect(router.state.location.search).toContain('make=Audi'));
    expect(seen).toEqual(['?type=Car&make=Audi 1 vehicle found']);
    expect(within(sidebar()).getByRole('checkbox', { name: /^Audi/ })).toBeChecked();

    // Back: the page without the make, its box unticked, nothing busy.
    await router.navigate(-1);
    await waitFor(() => expect(router.state.location.search).toBe('?type=Car'));
    await waitFor(() => expect(within(sidebar()).getByRole('checkbox', { name: /^Audi/ })).not.toBeChecked());
    expect(screen.getByRole('region', { name: 'Results' }).querySelector('[aria-busy="true"]')).toBeNull();
  });

  it('keeps an earlier choice made while waiting, and shows both with the later answer', async () => {
    const held = holdSearches();
    const router = renderListing('/listing?type=Car');
    await screen.findByText('2 vehicles found');
    await userEvent.click(await within(sidebar()).findByRole('checkbox', { name: /^Audi/ }));
    await userEvent.click(within(sidebar()).getByRole('checkbox', { name: /^Black/ }));
    expect(within(sidebar()).getByRole('checkbox', { name: /^Audi/ })).toBeChecked();
    expect(within(sidebar()).getByRole('checkbox', { name: /^Black/ })).toBeChecked();
    await waitFor(() => expect(held).toHaveLength(2));
    expect(held[1]!.body).toContain('Audi');

    // The first answer comes after the second choice: it changes nothing.
    held[0]!.release(1);
    held[1]!.release(3);
    await waitFor(() => expect(router.state.location.search).toBe('?type=Car&make=Audi&color=Black'));
    expect(await screen.findByText('3 vehicles found')).toBeInTheDocument();
  });

  it('changes the URL without it once it is slow to come, the current results marked busy until it does', async () => {
    const held = holdSearches();
    const router = renderListing('/listing?type=Car');
    await screen.findByText('2 vehicles found');
    const startedAt = performance.now();
    await userEvent.click(await within(sidebar()).findByRole('checkbox', { name: /^Audi/ }));
    await waitFor(() => expect(router.state.location.search).toContain('make=Audi'), { timeout: CHOICE_WAIT_MS * 5 });
    expect(performance.now() - startedAt).toBeGreaterThanOrEqual(CHOICE_WAIT_MS - 50);
    expect(screen.getByText('2 vehicles found')).toBeInTheDocument();
    expect(screen.getByRole('region', { name: 'Results' }).querySelector('[aria-busy="true"]')).not.toBeNull();

    held[0]!.release(1);
    expect(await screen.findByText('1 vehicle found')).toBeInTheDocument();
    await waitFor(() => expect(screen.getByRole('region', { name: 'Results' }).querySelector('[aria-busy="true"]')).toBeNull());
    // Asked once: the listing takes the answer the choice asked for.
    expect(vi.mocked(fetch).mock.calls.filter(([, init]) => bodyOf(init).includes('Audi'))).toHaveLength(1);
  });
});

describe('another page', () => {
  it('is asked for at once (no debounce), and the URL names it with its results', async () => {
    const fetchMock = stubFetch((url, init) => {
      if (!url.includes('/api/vehicle/search')) return referenceAnswer(url);
      const page = (JSON.parse(bodyOf(init)) as { page?: number }).page ?? 1;
      const item = {
        id: `00000000-0000-4000-8000-00000000000${page}`,
        make: 'Audi',
        model: `Page ${page}`,
        vehicleType: 'Car',
        vehicleTypeCategory: 'Sedan',
        yearOfProduction: 2020,
        pricePerDay: 40,
        fuelType: 'Petrol',
        imageURL: `images/vehicles/${page}-thumb.webp`,
        description: 'A car.',
        ownerName: 'owner',
        starsRating: 4,
        reviewCount: 2,
      };
      return jsonResponse({ items: [item], total: 60 + page, page, pageSize: 24, facets: FACETS });
    });
    // The page goes to the results' top (jsdom lays nothing out).
    if (typeof Element.prototype.scrollIntoView !== 'function') Element.prototype.scrollIntoView = () => undefined;
    const router = renderListing('/listing?type=Car');
    await screen.findByText('61 vehicles found');
    const clickedAt = performance.now();
    await userEvent.click(screen.getByRole('button', { name: 'Page 2' }));
    const pageTwo = () => fetchMock.mock.calls.filter(([, init]) => bodyOf(init).includes('"page":2'));
    await waitFor(() => expect(pageTwo()).toHaveLength(1));
    expect(performance.now() - clickedAt).toBeLessThan(SEARCH_DEBOUNCE_MS);
    await waitFor(() => expect(router.state.location.search).toBe('?type=Car&page=2'));
    expect(screen.getByText('62 vehicles found')).toBeInTheDocument();
    expect(pageTwo()).toHaveLength(1);
  });
});
