import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { VehicleCard } from '@rentdrive/contracts/search';
import { loadCatalogue } from '../../../i18n/catalogues';
import { jsonResponse, stubFetch } from '../../../test/fetch-stub';
import { renderWithApp } from '../../../test/render';
import { sliderBoundsAnswer } from '../../../test/search-answers';
import { HomeSearch } from './home-search';
import { ListingScreen } from './listing-screen';

const card: VehicleCard = {
  id: '00000000-0000-4000-8000-000000000001',
  make: 'Audi',
  model: 'A4',
  vehicleType: 'Auto',
  vehicleTypeCategory: 'Limousine',
  yearOfProduction: 2020,
  pricePerDay: 40,
  fuelType: 'Electric',
  imageURL: null,
  description: 'Ein Auto.',
  ownerName: 'owner',
  starsRating: 4,
  reviewCount: 2,
};

const FACETS = {
  makes: [{ name: 'Audi', count: 2 }],
  colors: [],
  fuelTypes: [
    { id: 1, name: 'Petrol', count: 2 },
    { id: 3, name: 'Electric', count: 1 },
  ],
  price: { min: 25, max: 140 },
  year: { min: 2017, max: 2023 },
  properties: [],
};

let searches: unknown[] = [];
beforeAll(() => loadCatalogue('de'));
beforeEach(() => {
  searches = [];
  stubFetch((url, init) => {
    if (url.includes('/api/vehicle/search')) {
      searches.push(JSON.parse(typeof init?.body === 'string' ? init.body : '{}'));
      return jsonResponse({ items: [card], total: 1, page: 1, pageSize: 24, facets: FACETS });
    }
    if (url.includes('/api/vehicle/base-filter-properties')) return sliderBoundsAnswer();
    if (url.endsWith('/api/vehicletype/types')) return jsonResponse([{ id: 1, name: 'Auto', availableFuels: [] }]);
    if (url.endsWith('/api/vehicletypecategory/all')) return jsonResponse([]);
    if (url.endsWith('/api/base/fuel-types'))
      return jsonResponse([
        { id: 1, name: 'Petrol' },
        { id: 6, name: 'Hydrogen' },
      ]);
    if (url.endsWith('/api/vehicle/active-listings')) return jsonResponse(12);
    return jsonResponse({}, 404);
  });
});
afterEach(() => vi.unstubAllGlobals());

describe('fuel names in German', () => {
  it('shows the listing’s fuel filter and cards in German, and still filters by the English name', async () => {
    renderWithApp(<ListingScreen />, { path: '/listing', locale: 'de' });
    const sidebar = await screen.findByRole('complementary', { name: 'Filter' });
    const fuel = await within(sidebar).findByRole('combobox', { name: 'Kraftstoffart' });
    await waitFor(() => expect(within(fuel).getByRole('option', { name: 'Benzin (2)' })).toBeInTheDocument());
    expect(within(fuel).getByRole('option', { name: 'Elektro (1)' })).toBeInTheDocument();
    expect(within(fuel).queryByRole('option', { name: /Petrol|Electric/ })).not.toBeInTheDocument();
    // The card's facts.
    expect(await screen.findByText('2020 · Elektro · Auto · Limousine')).toBeInTheDocument();

    await userEvent.selectOptions(fuel, 'Benzin (2)');
    await waitFor(() => expect(searches.at(-1)).toMatchObject({ fuelType: 'Petrol' }));
  });

  it('names the home search’s fuels in German and sends the English name in the listing link', async () => {
    renderWithApp(<HomeSearch />, { locale: 'de' });
    const fuel = await screen.findByRole('combobox', { name: 'Kraftstoffart' });
    await waitFor(() => expect(within(fuel).getByRole('option', { name: 'Wasserstoff' })).toBeInTheDocument());
    expect(within(fuel).getByRole('option', { name: 'Benzin' })).toHaveValue('Petrol');
    await userEvent.selectOptions(fuel, 'Benzin');
    await userEvent.click(screen.getByRole('button', { name: 'Jetzt suchen' }));
    expect(await screen.findByText('Other page')).toBeInTheDocument();
  });
});
