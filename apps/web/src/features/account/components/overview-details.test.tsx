import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { Account } from '@rentdrive/contracts/account';
import { endpointResponse, jsonResponse, stubFetch } from '../../../test/fetch-stub';
import { renderWithApp } from '../../../test/render';
import { OverviewDetails } from './overview-details';

afterEach(() => vi.unstubAllGlobals());

describe('profile overview', () => {
  it('shows the account facts with the rating to one decimal and N/A for no phone', async () => {
    stubFetch(() =>
      endpointResponse(Account.overviewDetails, {
        username: 'alice',
        email: 'alice@example.com',
        phoneNumber: 'N/A',
        memberSince: '2026-03-04T10:00:00Z',
        completedRentalsCount: 3,
        userRating: 4,
        vehiclesListedCount: 2,
      }),
    );
    renderWithApp(<OverviewDetails />);
    expect(await screen.findByText('alice@example.com')).toBeInTheDocument();
    expect(screen.getByText('N/A')).toBeInTheDocument();
    expect(screen.getByText('4.0')).toBeInTheDocument();
    expect(screen.getByText('4 March 2026')).toBeInTheDocument();
  });

  it('shows a user rating of 0 (not 0.0) when there are no ratings', async () => {
    stubFetch(() =>
      endpointResponse(Account.overviewDetails, {
        username: 'newbie',
        email: 'newbie@example.com',
        phoneNumber: 'N/A',
        memberSince: '2026-03-04T10:00:00Z',
        completedRentalsCount: 0,
        userRating: 0,
        vehiclesListedCount: 0,
      }),
    );
    renderWithApp(<OverviewDetails />);
    const rating = (await screen.findByText('User rating')).nextElementSibling;
    expect(rating).toHaveTextContent(/^0No ratings yet$/);
    expect(screen.queryByText('0.0')).toBeNull();
  });

  it("says 'Error: ...' when the overview can't be loaded", async () => {
    stubFetch(() => jsonResponse({ status: 500, title: 'Internal', detail: 'Database unavailable.' }, 500));
    renderWithApp(<OverviewDetails />);
    expect(await screen.findByRole('alert')).toHaveTextContent('Error: Database unavailable.');
  });
});
