import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { BookingTerms } from '@rentdrive/contracts/owner-bookings';
import { renderWithApp } from '../../../test/render';
import { BookingTermsList } from './vehicle-booking-terms';

const terms: BookingTerms = {
  bookingMode: 'request',
  cancellationPolicy: 'moderate',
  weeklyDiscountPercent: 10,
  monthlyDiscountPercent: 0,
  minDays: 2,
  maxDays: 14,
  advanceNoticeDays: 1,
  deposit: 150,
  ownerCancellationsLast12Months: 1,
  depositReleaseDays: 5,
};

describe('BookingTermsList', () => {
  it("says what the renter agrees to, with the deposit's return after the operator's DEPOSIT_RELEASE_DAYS", () => {
    renderWithApp(<BookingTermsList terms={terms} />);
    expect(screen.getByText(/the owner accepts or declines within 24 hours/)).toBeInTheDocument();
    expect(screen.getByText('Rentals of 2 to 14 days.')).toBeInTheDocument();
    expect(screen.getByText('Book at least 1 day before the first day.')).toBeInTheDocument();
    expect(screen.getByText('150.00€, held while you rent and returned 5 days after the rental.')).toBeInTheDocument();
    expect(screen.getByText('The owner cancelled 1 booking in the last 12 months.')).toBeInTheDocument();
  });

  it('writes one day in the singular', () => {
    renderWithApp(<BookingTermsList terms={{ ...terms, depositReleaseDays: 1 }} />);
    expect(screen.getByText('150.00€, held while you rent and returned 1 day after the rental.')).toBeInTheDocument();
  });
});
