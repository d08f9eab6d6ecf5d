import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { OwnerBookings } from '@rentdrive/contracts/owner-bookings';
import { jsonResponse, onEndpoint, stubEndpoints } from '../../../test/fetch-stub';
import { renderWithApp } from '../../../test/render';
import { MyRenterRatingSummary, OwnerRatingOfRental } from './owner-ratings-of-me';

afterEach(() => vi.unstubAllGlobals());

const RENTAL = '2b3c4d5e-6f70-4a8b-9c0d-1e2f3a4b5c6d';
const OTHER = '3c4d5e6f-7a8b-4c9d-8e0f-2a3b4c5d6e7f';

describe('the owners’ ratings of the renter (issue 27)', () => {
  it('shows the rating of its rental, with or without a comment, and nothing for another rental', async () => {
    stubEndpoints([
      onEndpoint(OwnerBookings.myRenterReviews, {
        average: 3.5,
        count: 2,
        reviews: [
          { rentalId: RENTAL, starRating: 5, comment: 'A pleasure.', publishedOn: '2026-11-14T10:00:00.000Z' },
          { rentalId: OTHER, starRating: 2, comment: null, publishedOn: '2026-11-01T10:00:00.000Z' },
        ],
      }),
    ]);
    renderWithApp(
      <>
        <OwnerRatingOfRental rentalId={RENTAL} />
        <OwnerRatingOfRental rentalId={OTHER} />
        <OwnerRatingOfRental rentalId="4d5e6f70-8a9b-4c0d-9e1f-3a4b5c6d7e8f" />
        <MyRenterRatingSummary />
      </>,
    );
    const shown = await screen.findAllByTestId('owner-rating-of-me');
    expect(shown.map((p) => p.textContent)).toEqual(['★ The owner rated you 5/5: A pleasure.', '★ The owner rated you 2/5.']);
    expect(screen.getByTestId('renter-rating-summary')).toHaveTextContent('Owners rate you 3.5 of 5 (2 ratings).');
  });

  it('says there is no rating yet only where asked to', async () => {
    stubEndpoints([onEndpoint(OwnerBookings.myRenterReviews, { average: null, count: 0, reviews: [] })]);
    renderWithApp(
      <div data-testid="summaries">
        <MyRenterRatingSummary showEmpty />
        <MyRenterRatingSummary />
      </div>,
    );
    expect(await screen.findByText('Owners have not rated you yet. Their ratings show here once published.')).toBeInTheDocument();
    expect(screen.getAllByTestId('renter-rating-summary')).toHaveLength(1);
  });

  it('offers to try again when the ratings cannot be loaded', async () => {
    const user = userEvent.setup();
    let fail = true;
    stubEndpoints([
      onEndpoint(OwnerBookings.myRenterReviews, () =>
        fail ? jsonResponse({ status: 500, detail: 'Down.' }, 500) : jsonResponse({ average: 4, count: 1, reviews: [] }),
      ),
    ]);
    renderWithApp(<MyRenterRatingSummary showEmpty />);
    expect(await screen.findByRole('alert')).toHaveTextContent('Your rating by owners could not be loaded.');
    fail = false;
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText('Owners rate you 4.0 of 5 (1 rating).')).toBeInTheDocument();
  });
});
