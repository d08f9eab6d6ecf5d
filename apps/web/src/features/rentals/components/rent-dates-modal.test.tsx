import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { addDays } from '@rentdrive/domain/dates';
import { Rentals } from '@rentdrive/contracts/rentals';
import { endpointResponse, jsonResponse, sentJson, stubFetch } from '../../../test/fetch-stub';
import { marketplaceToday } from '../lib/marketplace-today';
import { RentDatesModal } from './rent-dates-modal';

const VEHICLE_ID = '6f0c3c1e-8a43-4a55-9a6e-2b7f2d1d9b10';
const today = marketplaceToday();
// Days in the current month's view may be past: pick days a week ahead and open their month.
const start = addDays(today, 7);
const label = (day: string) =>
  `${Number(day.slice(8))} ${new Intl.DateTimeFormat('en-GB', { month: 'long', year: 'numeric', timeZone: 'UTC' }).format(new Date(`${day}T00:00:00Z`))}`;

function renderModal({ balance, rentStatus = 200 }: { balance: number; rentStatus?: number }) {
  const calls: { url: string; init?: RequestInit }[] = [];
  stubFetch((url, init) => {
    calls.push({ url, init });
    if (url === `/api/rental/${VEHICLE_ID}`) return endpointResponse(Rentals.bookedDates, []);
    if (url === `/api/rental/rent/${VEHICLE_ID}` && rentStatus !== 200) {
      return jsonResponse(
        {
          type: 'about:blank',
          title: 'Conflict',
          status: rentStatus,
          detail: 'These dates are no longer available.',
          code: 'dates_unavailable',
        },
        rentStatus,
      );
    }
    if (url === `/api/rental/rent/${VEHICLE_ID}`) {
      const bookedDates = (sentJson(init) as { bookedDates: string[] }).bookedDates;
      return endpointResponse(Rentals.rent, {
        id: '9a1e4f2b-3c5d-4e6f-8a7b-9c0d1e2f3a4b',
        vehicleId: VEHICLE_ID,
        status: 'Active',
        bookedOn: today,
        startDate: bookedDates[0]!,
        endDate: bookedDates.at(-1)!,
        bookedDates,
        pricePerDay: 40,
        totalPrice: 40 * bookedDates.length,
        balance: balance - 40 * bookedDates.length,
      });
    }
    return jsonResponse(null);
  });
  const onOpenChange = vi.fn();
  const onRented = vi.fn();
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <RentDatesModal open onOpenChange={onOpenChange} vehicleId={VEHICLE_ID} pricePerDay={25.5} balance={balance} onRented={onRented} />
    </QueryClientProvider>,
  );
  return { calls, onOpenChange, onRented };
}

async function pick(user: ReturnType<typeof userEvent.setup>, day: string) {
  const dialog = screen.getByRole('dialog', { name: 'Select Rental Dates' });
  const month = label(day).replace(/^\d+ /, '');
  await within(dialog).findByRole('button', { name: 'Next month' });
  while (!within(dialog).queryByText(month, { selector: 'p' }))
    await user.click(within(dialog).getByRole('button', { name: 'Next month' }));
  await user.click(await within(dialog).findByRole('button', { name: label(day) }));
}

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

// user-event on a shared, busy machine: generous time per test.
describe('RentDatesModal', { timeout: 30_000 }, () => {
  it('totals price x days and books with an Idempotency-Key', async () => {
    const user = userEvent.setup();
    const { calls, onRented, onOpenChange } = renderModal({ balance: 100 });
    const confirm = screen.getByRole('button', { name: 'Confirm Rental' });
    expect(confirm).toBeDisabled();
    await pick(user, start);
    await pick(user, addDays(start, 1));
    await pick(user, addDays(start, 2));
    expect(screen.getByTestId('rent-total')).toHaveTextContent('76.50€');
    expect(confirm).toBeEnabled();
    await user.click(confirm);
    await vi.waitFor(() => expect(onRented).toHaveBeenCalledWith([start, addDays(start, 1), addDays(start, 2)]), { timeout: 10_000 });
    expect(onOpenChange).toHaveBeenCalledWith(false);
    const rent = calls.find((c) => c.url.startsWith('/api/rental/rent/'));
    expect(sentJson(rent?.init)).toEqual({ bookedDates: [start, addDays(start, 1), addDays(start, 2)] });
    expect((rent?.init?.headers as Record<string, string>)['Idempotency-Key']).toMatch(/^[0-9a-f-]{32,36}$/);
  });

  it('shows a one-day selection as one date, and explains a click the consecutive-days rule leaves out', async () => {
    const user = userEvent.setup();
    renderModal({ balance: 100 });
    const short = (day: string) =>
      new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'short', year: 'numeric', timeZone: 'UTC' }).format(
        new Date(`${day}T00:00:00Z`),
      );
    const dates = () => screen.getByText('Dates', { selector: 'dt' }).nextElementSibling;
    await pick(user, start);
    expect(dates()).toHaveTextContent(new RegExp(`^${short(start)} \\(1 day\\)$`));
    // Two days after the selection: not next to it, so nothing is added and a hint says why.
    await pick(user, addDays(start, 2));
    expect(screen.getByRole('status')).toHaveTextContent(
      `A rental is one run of consecutive days: only ${short(addDays(start, 1))} can be added next. To pick other days, click ${short(start)} to clear the selection and start again.`,
    );
    expect(dates()).toHaveTextContent(new RegExp(`^${short(start)} \\(1 day\\)$`));
    // Following the hint clears it.
    await pick(user, addDays(start, 1));
    expect(screen.queryByRole('status')).toBeNull();
    expect(screen.getByText('(2 days)')).toHaveClass('whitespace-nowrap');
  });

  it('disables confirm with the spec text when the balance is below the total', async () => {
    const user = userEvent.setup();
    renderModal({ balance: 30 });
    await pick(user, start);
    expect(screen.queryByText('Insufficient funds to rent this vehicle.')).toBeNull();
    await pick(user, addDays(start, 1));
    expect(screen.getByText('Insufficient funds to rent this vehicle.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Confirm Rental' })).toBeDisabled();
  });

  it('shows a refusal inside the modal and keeps it open', async () => {
    const user = userEvent.setup();
    const { onRented, onOpenChange } = renderModal({ balance: 100, rentStatus: 409 });
    await pick(user, start);
    await user.click(screen.getByRole('button', { name: 'Confirm Rental' }));
    expect(await screen.findByText('These dates are no longer available.')).toBeInTheDocument();
    expect(screen.getByRole('dialog', { name: 'Select Rental Dates' })).toBeInTheDocument();
    expect(onRented).not.toHaveBeenCalled();
    expect(onOpenChange).not.toHaveBeenCalled();
  });
});
