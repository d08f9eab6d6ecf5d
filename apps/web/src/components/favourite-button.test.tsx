import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { CurrentUser } from '@rentdrive/contracts/account';
import { Account } from '@rentdrive/contracts/account';
import { Favourites } from '@rentdrive/contracts/favourites';
import type { VehicleCard } from '@rentdrive/contracts/search';
import { endpointResponse, jsonResponse, onEndpoint, stubEndpoints } from '../test/fetch-stub';
import { renderWithApp } from '../test/render';
import { FavouriteButton } from './favourite-button';

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

describe('FavouriteButton', () => {
  it('saves the vehicle for a signed-in user and shows it pressed', async () => {
    const saved: VehicleCard[] = [];
    const puts: string[] = [];
    stubEndpoints([
      onEndpoint(Account.session, { user: ME }),
      onEndpoint(Favourites.list, () => jsonResponse(saved)),
      onEndpoint(Favourites.save, (url) => {
        puts.push(url);
        saved.push(CARD);
        return endpointResponse(Favourites.save, { vehicleId: CARD.id, saved: true });
      }),
    ]);
    renderWithApp(<FavouriteButton vehicle={CARD} name="Skoda Octavia" />);
    // Disabled (so not focusable) until the session is known; then the signed-in user's heart.
    await waitFor(() => expect(screen.getByRole('button', { name: 'Save Skoda Octavia' })).toBeEnabled());
    const heart = screen.getByRole('button', { name: 'Save Skoda Octavia' });
    expect(heart).toHaveAttribute('aria-pressed', 'false');

    await userEvent.click(heart);
    await waitFor(() => expect(heart).toHaveAttribute('aria-pressed', 'true'));
    expect(puts).toEqual([`/api/favourites/${CARD.id}`]);
    expect(await screen.findByText('Skoda Octavia is saved.')).toBeInTheDocument();
  });

  it('sends a visitor to log in and remembers the vehicle for afterwards', async () => {
    stubEndpoints([onEndpoint(Account.session, { user: null })]);
    renderWithApp(<FavouriteButton vehicle={CARD} name="Skoda Octavia" />);
    const heart = await screen.findByRole('button', { name: 'Save Skoda Octavia' });
    await waitFor(() => expect(heart).toBeEnabled());
    await userEvent.click(heart);
    expect(await screen.findByText('Other page')).toBeInTheDocument();
    expect(sessionStorage.getItem('rentdrive.pendingFavourite')).toBe(CARD.id);
  });
});
