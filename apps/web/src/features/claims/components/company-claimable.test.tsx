import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { Claims } from '@rentdrive/contracts/claims';
import { onEndpoint, stubEndpoints } from '../../../test/fetch-stub';
import { renderWithApp } from '../../../test/render';
import { ClaimsQueue } from './claims-queue';

afterEach(() => vi.unstubAllGlobals());

const RENTAL = '5e6f7a8b-9c0d-4e1f-8a2b-3c4d5e6f7a8b';

// Issue 27: employees act as the owner of company vehicles; the Claims screen lists their rentals to claim on.
describe('Claims screen: company vehicles', () => {
  it("lists the company vehicles' rentals with a deposit held and opens the damage form on one", async () => {
    const user = userEvent.setup();
    stubEndpoints([
      onEndpoint(Claims.list, []),
      onEndpoint(Claims.companyClaimable, [
        {
          rentalId: RENTAL,
          vehicleId: '6f7a8b9c-0d1e-4f2a-9b3c-4d5e6f7a8b9c',
          vehicle: 'Skoda Octavia',
          renterName: 'renter_ben',
          startDate: '2026-11-10',
          endDate: '2026-11-12',
          deposit: 200,
          openUntil: '2026-11-15T10:00:00.000Z',
        },
      ]),
      onEndpoint(Claims.rentalClaim, { claim: null, canOpen: true, openUntil: '2026-11-15T10:00:00.000Z', deposit: 200 }),
    ]);
    renderWithApp(<ClaimsQueue />, { path: '/manage/claims' });
    expect(await screen.findByText('No open claims.')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Company vehicles' }));
    expect(screen.getByRole('button', { name: 'Company vehicles' })).toHaveAttribute('aria-pressed', 'true');
    const card = await screen.findByRole('article', { name: 'Skoda Octavia' });
    expect(card).toHaveTextContent('Renter: renter_ben');
    expect(card).toHaveTextContent('Deposit held: 200.00');
    await user.click(await within(card).findByRole('button', { name: 'Report damage' }));
    const form = await screen.findByRole('dialog', { name: 'Report damage' });
    expect(within(form).getByLabelText(/What is damaged\?/)).toBeInTheDocument();
    expect(form).toHaveTextContent('You can claim up to the deposit of');
  });

  it('says when no company rental can be claimed on', async () => {
    const user = userEvent.setup();
    stubEndpoints([onEndpoint(Claims.list, []), onEndpoint(Claims.companyClaimable, [])]);
    renderWithApp(<ClaimsQueue />, { path: '/manage/claims' });
    await user.click(await screen.findByRole('button', { name: 'Company vehicles' }));
    expect(
      await screen.findByText('No completed rental of a company vehicle holds a deposit that can still be claimed.'),
    ).toBeInTheDocument();
  });
});
