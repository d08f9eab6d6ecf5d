import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { CurrentUser } from '@rentdrive/contracts/account';
import { Account } from '@rentdrive/contracts/account';
import { Favourites } from '@rentdrive/contracts/favourites';
import type { VehicleCard } from '@rentdrive/contracts/search';
import { jsonResponse, onEndpoint, stubEndpoints } from '../../../test/fetch-stub';
import { renderWithApp } from '../../../test/render';
import { SavedVehicles } from './saved-vehicles';

const ME: CurrentUser = {
  id: '00000000-0000-4000-8000-000000000001',
  userName: 'alice',
  username: 'alice',
  email: 'alice@example.com',
  phoneNumber: null,
  memberSince: '2026-01-01T00:00:00Z',
  isCompanyEmployee: false,
  balance: 10,
  pendingBalance: 0,
  withdrawableBalance: 0,
  refundableToCard: 10,
};

const CARD: VehicleCard = {
  id: '00000000-0000-4000-8000-0000000000aa',
  make: 'Skoda',
  model: 'Octavia',
  vehicleType: 'Car',
  vehicleTypeCategory: 'Estate',
  yearOfProduction: 2020,
  pricePerDay: 45.5,
  fuelType: 'Diesel',
  imageURL: null,
  description: 'Roomy.',
  ownerName: 'bob',
  starsRating: 0,
  reviewCount: 0,
};

afterEach(() => {
  vi.unstubAllGlobals();
  sessionStorage.clear();
});

describe('SavedVehicles', () => {
  const render = (list: () => Response) => {
    stubEndpoints([onEndpoint(Account.session, { user: ME }), onEndpoint(Favourites.list, list)]);
    return renderWithApp(<SavedVehicles />);
  };

  it('lists the saved vehicles as cards', async () => {
    render(() => jsonResponse([CARD]));
    expect(await screen.findByText('Skoda')).toBeInTheDocument();
    expect(await screen.findByRole('button', { name: 'Save Skoda Octavia' })).toBeInTheDocument();
  });

  it('says when nothing is saved and offers the listing', async () => {
    render(() => jsonResponse([]));
    expect(await screen.findByText('No saved vehicles yet')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Browse vehicles' })).toHaveAttribute('href', '/listing');
  });

  it('says why the list could not be loaded and retries', async () => {
    let calls = 0;
    render(() => (++calls === 1 ? jsonResponse({ status: 500, detail: 'The database is resting.' }, 500) : jsonResponse([CARD])));
    expect(await screen.findByText('The database is resting.')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: /retry|try again/i }));
    expect(await screen.findByText('Skoda')).toBeInTheDocument();
  });
});
