import { screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import type { MyRental } from '@rentdrive/contracts/rentals';
import { renderWithApp } from '../../../test/render';
import { RentalActions } from './rental-actions';

const rental: MyRental = {
  id: '9a1e4f2b-3c5d-4e6f-8a7b-9c0d1e2f3a4b',
  vehicleId: '6f0c3c1e-8a43-4a55-9a6e-2b7f2d1d9b10',
  vehicleMake: 'Toyota',
  vehicleModel: 'Corolla',
  imageUrl: null,
  status: 'Active',
  bookedOn: '2026-11-20',
  startDate: '2026-11-27',
  endDate: '2026-11-29',
  pricePerDay: 40,
  totalPrice: 120,
  isConfirmable: false,
  isCompleted: false,
  hasReviewedVehicle: false,
  isCancellable: false,
  isCancelled: false,
};
const handlers = { onConfirm: vi.fn(), onReview: vi.fn(), onCancel: vi.fn() };

describe('RentalActions', () => {
  it('says a started booking can no longer be cancelled instead of a dash', () => {
    renderWithApp(<RentalActions rental={rental} isBusy={false} {...handlers} />);
    expect(screen.getByText('Started 27 Nov 2026: can no longer be cancelled')).toBeInTheDocument();
    expect(screen.queryByRole('button')).toBeNull();
  });

  it('offers Cancel before the first day, and keeps the dash once nothing is left to do', () => {
    const { unmount } = renderWithApp(<RentalActions rental={{ ...rental, isCancellable: true }} isBusy={false} {...handlers} />);
    expect(screen.getByRole('button', { name: 'Cancel rental of Toyota Corolla' })).toBeInTheDocument();
    unmount();
    renderWithApp(<RentalActions rental={{ ...rental, status: 'Cancelled', isCancelled: true }} isBusy={false} {...handlers} />);
    expect(screen.getByText('—')).toBeInTheDocument();
  });

  it("says when a review waiting for the owner's rating is published (double-blind)", () => {
    const completed = { ...rental, status: 'Completed' as const, isCompleted: true, hasReviewedVehicle: true };
    const { unmount } = renderWithApp(
      <RentalActions rental={{ ...completed, reviewPublishesOn: '2026-12-13' }} isBusy={false} {...handlers} />,
    );
    expect(screen.getByText('Your review is published when the owner has rated you too, or on 13 Dec 2026.')).toBeInTheDocument();
    unmount();
    renderWithApp(<RentalActions rental={{ ...completed, reviewPublishesOn: null }} isBusy={false} {...handlers} />);
    expect(screen.getByText('—')).toBeInTheDocument();
  });
});
