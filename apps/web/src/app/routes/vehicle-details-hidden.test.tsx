import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { Account, type CurrentUser } from '@rentdrive/contracts/account';
import { Moderation } from '@rentdrive/contracts/moderation';
import type { VehicleDetail } from '@rentdrive/contracts/vehicles';
import { useVehicleRecheckedWithSession } from '../../features/vehicles/api/get-vehicle';
import { VehicleDetailsScreen } from '../../features/vehicles/components/vehicle-details-screen';
import { endpointResponse, jsonResponse, stubFetch } from '../../test/fetch-stub';
import { renderWithApp } from '../../test/render';

const ID = '6f0c3c1e-8a43-4a55-9a6e-2b7f2d1d9b10';
const OWNER_ID = '00000000-0000-4000-8000-000000000002';
const VEHICLE: VehicleDetail = {
  id: ID,
  make: 'Škoda',
  model: 'Octavia',
  color: 'Grey',
  fuelType: 'Diesel',
  dateOfProduction: '2019-05-01',
  curbWeightInKg: 1400,
  description: 'Estate car.',
  pricePerDay: 45,
  ownerId: OWNER_ID,
  ownerName: 'olga',
  isCompanyProperty: false,
  vehicleType: 'Car',
  vehicleTypeCategory: 'Estate',
  starsRating: 0,
  reviewCount: 0,
  imageURLS: [],
  thumbnailURLS: [],
  vehicleProperties: [],
  vehicleReviews: [],
};
const user = (id: string, isCompanyEmployee = false): CurrentUser => ({
  id,
  userName: 'someone',
  username: 'someone',
  email: 'someone@example.com',
  phoneNumber: null,
  memberSince: '2026-01-01T00:00:00Z',
  isCompanyEmployee,
  balance: 0,
  pendingBalance: 0,
  withdrawableBalance: 0,
  refundableToCard: 0,
});
const REASON = 'The photos show another car.';

/**
 * The page as the server sent it: the vehicle 'not found' (the server renders without the session);
 * the API, asked again by the browser with the session, answers the vehicle to its owner and employees.
 */
function serve(signedIn: CurrentUser | null) {
  let vehicleCalls = 0;
  stubFetch((url) => {
    if (url.endsWith('/api/account/session')) return endpointResponse(Account.session, { user: signedIn });
    if (url.endsWith(`/api/vehicle/${ID}`)) {
      vehicleCalls++;
      return vehicleCalls === 1 || !signedIn
        ? jsonResponse({ status: 404, title: 'Not Found', detail: 'Vehicle not found.' }, 404)
        : jsonResponse(VEHICLE);
    }
    if (url.endsWith('/api/moderation/my-decisions'))
      return endpointResponse(Moderation.myDecisions, [
        {
          id: '00000000-0000-4000-8000-0000000000d1',
          action: 'hide-listing',
          targetType: 'vehicle',
          targetId: ID,
          reason: REASON,
          until: null,
          employeeName: 'mod',
          createdAt: '2026-06-01T10:00:00Z',
          answered: false,
        },
      ]);
    if (url.endsWith(`/api/moderation/users/${OWNER_ID}`))
      return endpointResponse(Moderation.user, {
        user: {
          id: OWNER_ID,
          username: 'olga',
          email: 'olga@example.com',
          memberSince: '2026-01-01T00:00:00Z',
          isCompanyEmployee: false,
          isSuspended: false,
          suspendedUntil: null,
          suspensionReason: null,
        },
        listings: [{ id: ID, title: 'Škoda Octavia', pricePerDayCents: 4500, hiddenReason: REASON }],
        rentals: [],
        wallet: { balanceCents: 0, pendingCents: 0, withdrawableCents: 0 },
        reportsBy: [],
        reportsAbout: [],
        decisions: [],
      });
    return jsonResponse({ status: 404, title: 'Not Found', detail: 'Not found.' }, 404);
  });
  return { vehicleCalls: () => vehicleCalls };
}

function Page() {
  useVehicleRecheckedWithSession(ID);
  return <VehicleDetailsScreen vehicleId={ID} />;
}

afterEach(() => vi.unstubAllGlobals());

describe('a hidden listing’s page (issue 28)', () => {
  it('shows the owner the listing once the session is known, with the reason and how to answer', { timeout: 30_000 }, async () => {
    serve(user(OWNER_ID));
    renderWithApp(<Page />, { path: '/api/vehicle/:id', url: `/api/vehicle/${ID}` });
    expect(await screen.findByRole('heading', { name: /Škoda Octavia/, level: 1 }, { timeout: 15_000 })).toBeInTheDocument();
    const notice = await screen.findByTestId('hidden-listing-notice', {}, { timeout: 15_000 });
    expect(notice).toHaveTextContent('This listing is hidden by our moderators. Only you and our employees can see it.');
    expect(notice).toHaveTextContent(`Reason: ${REASON}`);
    expect(notice).toHaveTextContent('You can answer this decision once');
    expect(screen.getByRole('link', { name: 'See the decision and answer it' })).toHaveAttribute('href', '/profile/decisions');
  });

  it('shows an employee the listing with the reason and the way to Moderation', { timeout: 30_000 }, async () => {
    serve(user('00000000-0000-4000-8000-0000000000e1', true));
    renderWithApp(<Page />, { path: '/api/vehicle/:id', url: `/api/vehicle/${ID}` });
    const notice = await screen.findByTestId('hidden-listing-notice', {}, { timeout: 15_000 });
    expect(notice).toHaveTextContent('This listing is hidden: only its owner and employees can see it.');
    expect(notice).toHaveTextContent(`Reason: ${REASON}`);
    expect(screen.getByRole('link', { name: 'Open Moderation' })).toHaveAttribute('href', '/manage/moderation');
  });

  it('stays not found for a visitor who is not signed in, asked once', { timeout: 30_000 }, async () => {
    const { vehicleCalls } = serve(null);
    renderWithApp(<Page />, { path: '/api/vehicle/:id', url: `/api/vehicle/${ID}` });
    expect(await screen.findByText('Vehicle not found.', {}, { timeout: 15_000 })).toBeInTheDocument();
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(vehicleCalls()).toBe(1);
    expect(screen.queryByTestId('hidden-listing-notice')).not.toBeInTheDocument();
  });
});
