import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { Account } from '@rentdrive/contracts/account';
import { AccountRecovery } from '@rentdrive/contracts/account-recovery';
import { endpointResponse, stubFetch } from '../../../test/fetch-stub';
import { renderWithApp } from '../../../test/render';
import { OverviewDetails } from './overview-details';

afterEach(() => vi.unstubAllGlobals());

const overview = {
  username: 'alice',
  email: 'alice@example.com',
  phoneNumber: 'N/A',
  memberSince: '2026-03-04T10:00:00Z',
  completedRentalsCount: 0,
  userRating: 0,
  vehiclesListedCount: 0,
};

function serve(verified: boolean) {
  stubFetch((url) =>
    url.includes('/api/account/email-status')
      ? endpointResponse(AccountRecovery.emailStatus, { email: 'alice@example.com', verified, pendingEmail: null })
      : endpointResponse(Account.overviewDetails, overview),
  );
}

describe('the verified mark on the profile (issue 25)', () => {
  it("says 'Verified' beside a confirmed address", async () => {
    serve(true);
    renderWithApp(<OverviewDetails />);
    const email = (await screen.findByText('Email')).nextElementSibling!;
    expect(await screen.findByText('Verified')).toBeInTheDocument();
    expect(email).toHaveTextContent('alice@example.comVerified');
  });

  it("says 'Not verified' beside an address not confirmed yet", async () => {
    serve(false);
    renderWithApp(<OverviewDetails />);
    expect(await screen.findByText('Not verified')).toBeInTheDocument();
    expect(screen.queryByText('Verified')).toBeNull();
  });
});
