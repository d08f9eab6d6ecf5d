import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { OwnerBookings } from '@rentdrive/contracts/owner-bookings';
import { onEndpoint, sentJson, stubEndpoints } from '../../../test/fetch-stub';
import { renderWithApp } from '../../../test/render';
import { RateRenterModal } from './rate-renter-modal';

const RENTAL_ID = '9a1e4f2b-3c5d-4e6f-8a7b-9c0d1e2f3a4b';

afterEach(() => vi.unstubAllGlobals());

describe('RateRenterModal', () => {
  it('asks for stars first, then sends the rating and says whether it was published', async () => {
    const user = userEvent.setup();
    const onRated = vi.fn();
    const onClose = vi.fn();
    const fetchMock = stubEndpoints([
      onEndpoint(OwnerBookings.rateRenter, {
        id: '1b2c3d4e-5f60-4718-9a0b-1c2d3e4f5a6b',
        rentalId: RENTAL_ID,
        starRating: 4,
        comment: 'Returned it clean.',
        createdOn: '2026-12-08T10:00:00.000Z',
        publishedOn: null,
        publishesBy: '2026-12-21',
      }),
    ]);
    renderWithApp(<RateRenterModal target={{ rentalId: RENTAL_ID, renterName: 'renter_anna' }} onClose={onClose} onRated={onRated} />);
    const dialog = await screen.findByRole('dialog', { name: 'Rate renter' });
    expect(dialog).toHaveTextContent('Your rating is published when renter_anna has reviewed the rental too, or 14 days after it ended.');
    await user.click(screen.getByRole('button', { name: 'Submit rating' }));
    expect(await screen.findByText('Choose a rating from 1 to 5 stars.')).toBeInTheDocument();
    expect(fetchMock).not.toHaveBeenCalled();

    await user.click(screen.getByRole('radio', { name: '4 stars' }));
    await user.type(screen.getByLabelText(/Comment/), 'Returned it clean.');
    await user.click(screen.getByRole('button', { name: 'Submit rating' }));
    await waitFor(() => expect(onRated).toHaveBeenCalledWith({ published: false }));
    expect(fetchMock.mock.calls[0]![0]).toBe(`/api/rental/renter-review/${RENTAL_ID}`);
    expect(sentJson(fetchMock.mock.calls[0]![1])).toEqual({ starRating: 4, comment: 'Returned it clean.' });
    expect(onClose).toHaveBeenCalled();
  });
});
