import { screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { Claims } from '@rentdrive/contracts/claims';
import { OwnerBookings } from '@rentdrive/contracts/owner-bookings';
import { Rentals, type MyRental } from '@rentdrive/contracts/rentals';
import { onEndpoint, stubEndpoints } from '../../test/fetch-stub';
import { renderWithApp } from '../../test/render';
import ProfileRentalsScreen from './profile-rentals';

afterEach(() => vi.unstubAllGlobals());

const RATED = '6f1c2d3e-4a5b-4c6d-8e7f-901a2b3c4d5e';
const WAITING = '7a2b3c4d-5e6f-4a7b-8c9d-0e1f2a3b4c5d';

function completed(id: string, make: string): MyRental {
  return {
    id,
    vehicleId: '1e2d3c4b-5a69-4788-9a0b-c1d2e3f4a5b6',
    vehicleMake: make,
    vehicleModel: 'Octavia',
    imageUrl: null,
    status: 'Completed',
    bookedOn: '2026-11-01T10:00:00.000Z',
    startDate: '2026-11-10',
    endDate: '2026-11-12',
    pricePerDay: 50,
    totalPrice: 150,
    isConfirmable: false,
    isCompleted: true,
    hasReviewedVehicle: true,
    isCancellable: false,
    isCancelled: false,
  };
}

// Issue 27: the renter sees the owners' ratings of them once published, beside the rental and as an average.
describe('My Rentals: the owners’ ratings of the renter', () => {
  it("shows the owner's published rating on its rental only, and the average above the list", async () => {
    stubEndpoints([
      onEndpoint(Rentals.myRentals, [completed(RATED, 'Skoda'), completed(WAITING, 'Seat')]),
      onEndpoint(Claims.mine, []),
      // The server answers published ratings only: the second rental's rating still waits.
      onEndpoint(OwnerBookings.myRenterReviews, {
        average: 4,
        count: 1,
        reviews: [
          { rentalId: RATED, starRating: 4, comment: 'Careful driver, returned it clean.', publishedOn: '2026-11-14T10:00:00.000Z' },
        ],
      }),
    ]);
    renderWithApp(<ProfileRentalsScreen />, { path: '/profile/rentals' });
    expect(await screen.findByText('Owners rate you 4.0 of 5 (1 rating).')).toBeInTheDocument();
    const table = await screen.findByRole('table', { name: 'My Rentals' });
    const rated = within(table).getByRole('row', { name: /Skoda Octavia/ });
    expect(within(rated).getByTestId('owner-rating-of-me')).toHaveTextContent(
      'The owner rated you 4/5: Careful driver, returned it clean.',
    );
    const waiting = within(table).getByRole('row', { name: /Seat Octavia/ });
    expect(within(waiting).queryByTestId('owner-rating-of-me')).toBeNull();
  });

  it('shows no rating while none is published', async () => {
    const fetchMock = stubEndpoints([
      onEndpoint(Rentals.myRentals, [completed(WAITING, 'Seat')]),
      onEndpoint(Claims.mine, []),
      onEndpoint(OwnerBookings.myRenterReviews, { average: null, count: 0, reviews: [] }),
    ]);
    renderWithApp(<ProfileRentalsScreen />, { path: '/profile/rentals' });
    await screen.findByRole('table', { name: 'My Rentals' });
    // The ratings were asked for and answered before checking that nothing shows.
    await vi.waitFor(() => expect(fetchMock.mock.calls.map((call) => call[0])).toContain('/api/rental/renter-reviews/mine'));
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(screen.queryByTestId('owner-rating-of-me')).toBeNull();
    expect(screen.queryByTestId('renter-rating-summary')).toBeNull();
  });
});
