import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { OwnerBookings } from '@rentdrive/contracts/owner-bookings';
import type { VehicleBooking } from '@rentdrive/contracts/rentals';
import { onEndpoint, stubEndpoints } from '../../../test/fetch-stub';
import { renderWithApp } from '../../../test/render';
import { OwnerBookingActions, RenterRating } from './owner-booking-actions';

const VEHICLE_ID = '6f0c3c1e-8a43-4a55-9a6e-2b7f2d1d9b10';
const booking: VehicleBooking = {
  id: '9a1e4f2b-3c5d-4e6f-8a7b-9c0d1e2f3a4b',
  username: 'renter_anna',
  bookedOn: '2026-11-20T10:00:00.000Z',
  period: '2026-12-05 - 2026-12-06',
  startDate: '2026-12-05',
  endDate: '2026-12-06',
  status: 'Active',
  pricePerDay: 40,
  totalPrice: 80,
  renterRating: null,
  isOwnerCancellable: true,
  cancelledBy: null,
  renterReview: null,
  canRateRenter: false,
};

afterEach(() => vi.unstubAllGlobals());

describe('OwnerBookingActions', () => {
  it("asks before cancelling, saying the renter gets everything back, then cancels through the owner's endpoint", async () => {
    const user = userEvent.setup();
    const fetchMock = stubEndpoints([onEndpoint(OwnerBookings.cancel, { ...booking, status: 'Cancelled', isOwnerCancellable: false })]);
    renderWithApp(<OwnerBookingActions booking={booking} vehicleId={VEHICLE_ID} />);
    await user.click(screen.getByRole('button', { name: 'Cancel the booking of renter_anna' }));
    const dialog = await screen.findByRole('dialog', { name: 'Cancel this booking?' });
    expect(dialog).toHaveTextContent('renter_anna gets everything back: the 80.00€ paid and any deposit, at once.');
    expect(fetchMock).not.toHaveBeenCalled();
    await user.click(within(dialog).getByRole('button', { name: 'Cancel booking' }));
    await waitFor(() => expect(fetchMock).toHaveBeenCalledTimes(1));
    expect(fetchMock.mock.calls[0]![0]).toBe(`/api/rental/owner-cancel/${booking.id}`);
    expect(await screen.findByText('Booking of renter_anna cancelled. Everything they paid is back in their wallet.')).toBeInTheDocument();
  });

  it('keeps the booking when the owner changes their mind', async () => {
    const user = userEvent.setup();
    const fetchMock = stubEndpoints([]);
    renderWithApp(<OwnerBookingActions booking={booking} vehicleId={VEHICLE_ID} />);
    await user.click(screen.getByRole('button', { name: 'Cancel the booking of renter_anna' }));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Keep booking' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it("offers Rate renter on a completed booking and shows the owner's waiting rating with its publication day", async () => {
    const user = userEvent.setup();
    const onRateRenter = vi.fn();
    const completed = { ...booking, status: 'Completed' as const, isOwnerCancellable: false, canRateRenter: true };
    const { unmount } = renderWithApp(<OwnerBookingActions booking={completed} vehicleId={VEHICLE_ID} onRateRenter={onRateRenter} />);
    expect(screen.queryByRole('button', { name: /Cancel/ })).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Rate renter renter_anna' }));
    expect(onRateRenter).toHaveBeenCalledWith(completed);
    unmount();
    const rated = {
      ...completed,
      canRateRenter: false,
      renterReview: { starRating: 4, comment: null, publishedOn: null, publishesBy: '2026-12-21' },
    };
    renderWithApp(<OwnerBookingActions booking={rated} vehicleId={VEHICLE_ID} onRateRenter={onRateRenter} />);
    expect(screen.queryByRole('button')).toBeNull();
    expect(
      screen.getByText('Your rating: 4 of 5 stars. Published when renter_anna has reviewed the rental too, or on 21 Dec 2026.'),
    ).toBeInTheDocument();
  });
});

describe('RenterRating', () => {
  it("shows the renter's average from owners, or that there is none yet", () => {
    const { unmount } = renderWithApp(<RenterRating rating={{ average: 4.5, count: 2 }} />);
    expect(screen.getByTestId('renter-rating')).toHaveTextContent('4.5 of 5 from 2 owners');
    unmount();
    renderWithApp(<RenterRating rating={null} />);
    expect(screen.getByText('No ratings yet')).toBeInTheDocument();
  });
});
