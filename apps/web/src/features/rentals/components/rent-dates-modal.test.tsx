import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { BookingRules } from '@rentdrive/contracts/booking-rules';
import { Rentals } from '@rentdrive/contracts/rentals';
import { addDays } from '@rentdrive/domain/dates';
import { endpointResponse, jsonResponse, sentJson, stubFetch } from '../../../test/fetch-stub';
import { marketplaceToday } from '../lib/marketplace-today';
import { RentDatesModal, type RentDatesModalProps, type TopUpSlot } from './rent-dates-modal';

const VEHICLE_ID = '6f0c3c1e-8a43-4a55-9a6e-2b7f2d1d9b10';
const today = marketplaceToday();
// Days in the current month's view may be past: pick days a week ahead and open their month.
const start = addDays(today, 7);
const label = (day: string) =>
  `${Number(day.slice(8))} ${new Intl.DateTimeFormat('en-GB', { month: 'long', year: 'numeric', timeZone: 'UTC' }).format(new Date(`${day}T00:00:00Z`))}`;

function renderModal({
  balance,
  rentStatus = 200,
  booked = [],
  props = {},
}: {
  balance: number;
  rentStatus?: number;
  booked?: string[];
  props?: Partial<RentDatesModalProps>;
}) {
  const calls: { url: string; init?: RequestInit }[] = [];
  stubFetch((url, init) => {
    calls.push({ url, init });
    if (url === `/api/rental/${VEHICLE_ID}`) return endpointResponse(Rentals.bookedDates, booked);
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
    if (url === `/api/rental/quote/${VEHICLE_ID}`) {
      // A vehicle with the default booking rules: days × price, no discount, no deposit, flexible.
      const days = (sentJson(init) as { bookedDates: string[] }).bookedDates.length;
      const price = props.pricePerDay ?? 25.5;
      return endpointResponse(BookingRules.quote, {
        days,
        pricePerDay: price,
        subtotal: price * days,
        discountPercent: 0,
        discount: 0,
        total: price * days,
        deposit: 0,
        cancellationPolicy: 'flexible',
        bookingMode: 'instant',
      });
    }
    return jsonResponse(null);
  });
  const onOpenChange = vi.fn();
  const onRented = vi.fn();
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <MemoryRouter>
        <RentDatesModal
          open
          onOpenChange={onOpenChange}
          vehicleId={VEHICLE_ID}
          pricePerDay={25.5}
          balance={balance}
          onRented={onRented}
          {...props}
        />
      </MemoryRouter>
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

  it('fills the whole range from the Pick-up and Return fields, or names the day that is not free', async () => {
    const user = userEvent.setup();
    const taken = addDays(start, 3);
    renderModal({ balance: 500, booked: [taken] });
    const dialog = screen.getByRole('dialog', { name: 'Select Rental Dates' });
    await within(dialog).findByRole('button', { name: 'Next month' });
    const pickUp = within(dialog).getByLabelText('Pick-up');
    const returnDay = within(dialog).getByLabelText('Return');
    await user.type(pickUp, start);
    await user.type(returnDay, addDays(start, 2));
    expect(screen.getByText('(3 days)')).toBeInTheDocument();
    expect(screen.getByTestId('rent-total')).toHaveTextContent('76.50€');
    await user.clear(returnDay);
    await user.type(returnDay, addDays(start, 5));
    expect(within(dialog).getByRole('alert')).toHaveTextContent(
      `${short(taken)} is not available, so these dates cannot be booked together. Pick days that are all free.`,
    );
    expect(returnDay).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByText('None selected')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Confirm Rental' })).toBeDisabled();
    // Clicking the calendar keeps the fields in step.
    await pick(user, addDays(start, 4));
    expect(pickUp).toHaveValue(addDays(start, 4));
    expect(returnDay).toHaveValue(addDays(start, 4));
  });

  it('arrives with the dates the renter came with, free days only', async () => {
    renderModal({ balance: 500, props: { wanted: { from: start, to: addDays(start, 1) } } });
    expect(await screen.findByText('(2 days)')).toBeInTheDocument();
    cleanup();
    renderModal({ balance: 500, booked: [addDays(start, 1)], props: { wanted: { from: start, to: addDays(start, 2) } } });
    expect(await screen.findByText(`${short(addDays(start, 1))} is not available`, { exact: false })).toBeInTheDocument();
    expect(screen.getByText('None selected')).toBeInTheDocument();
  });

  it('says until when the booking can be cancelled, and that one starting today never can', async () => {
    const user = userEvent.setup();
    renderModal({ balance: 500 });
    await pick(user, start);
    expect(screen.getByTestId('cancellation-notice')).toHaveTextContent(
      `Free cancellation with a full refund until the end of ${short(addDays(start, -1))} (UTC time).`,
    );
    await user.clear(screen.getByLabelText('Pick-up'));
    await user.type(screen.getByLabelText('Pick-up'), today);
    await user.clear(screen.getByLabelText('Return'));
    await user.type(screen.getByLabelText('Return'), today);
    expect(screen.getByTestId('cancellation-notice')).toHaveTextContent(
      'This booking starts today, so it cannot be cancelled once confirmed.',
    );
  });

  it('tops up the missing amount and rents in one step; a failed rent after it says the money stays', async () => {
    const user = userEvent.setup();
    const slots: TopUpSlot[] = [];
    const { calls, onRented } = renderModal({
      balance: 30,
      props: { renderTopUp: (slot) => (slots.push(slot), (<TestTopUp {...slot} />)) },
    });
    await pick(user, start);
    await pick(user, addDays(start, 1));
    // 51.00 € total, 30.00 € balance: 21.00 € missing.
    const button = screen.getByRole('button', { name: 'Add 21.00€ and rent' });
    expect(slots.at(-1)?.amount).toBe(21);
    // The spec's rule stands: Confirm Rental stays disabled while the balance is short.
    expect(screen.getByRole('button', { name: 'Confirm Rental' })).toBeDisabled();
    await user.click(button);
    await vi.waitFor(() => expect(onRented).toHaveBeenCalledWith([start, addDays(start, 1)]), { timeout: 10_000 });
    expect(calls.filter((c) => c.url.startsWith('/api/rental/rent/'))).toHaveLength(1);
  });

  it('offers at least the minimum top-up, and keeps the topped-up money when the rent fails', async () => {
    const user = userEvent.setup();
    const slots: TopUpSlot[] = [];
    const { onRented, onOpenChange } = renderModal({
      balance: 25,
      rentStatus: 409,
      props: { renderTopUp: (slot) => (slots.push(slot), (<TestTopUp {...slot} />)) },
    });
    await pick(user, start);
    // 25.50 € total, 25.00 € balance: 0.50 € missing, the wallet takes at least 1.00 €.
    await user.click(screen.getByRole('button', { name: 'Add 1.00€ and rent' }));
    const alert = await screen.findByText('These dates are no longer available.');
    expect(alert.parentElement).toHaveTextContent('The top-up of 1.00€ went through and stays in your wallet, but the booking failed:');
    expect(onRented).not.toHaveBeenCalled();
    expect(onOpenChange).not.toHaveBeenCalled();
  });

  it('says a failed top-up booked nothing and never calls the rent', async () => {
    const user = userEvent.setup();
    const { calls, onRented } = renderModal({ balance: 10, props: { renderTopUp: (slot) => <TestTopUp {...slot} fail /> } });
    await pick(user, start);
    await user.click(screen.getByRole('button', { name: 'Add 15.50€ and rent' }));
    expect(await screen.findByText('The top-up failed: nothing was charged and nothing was booked.')).toBeInTheDocument();
    expect(calls.some((c) => c.url.startsWith('/api/rental/rent/'))).toBe(false);
    expect(onRented).not.toHaveBeenCalled();
  });
});

const short = (day: string) =>
  new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'short', year: 'numeric', timeZone: 'UTC' }).format(
    new Date(`${day}T00:00:00Z`),
  );

/**
 * The wallet's card form stands behind the slot in the app (its own tests and the e2e pay for real);
 * here a form that pays at once, or refuses, shows what the dialog does around it.
 */
function TestTopUp({ formId, amount, onAdded, onPendingChange, errorTitle, fail = false }: TopUpSlot & { fail?: boolean }) {
  const [failed, setFailed] = useState(false);
  return (
    <form
      id={formId}
      onSubmit={(event) => {
        event.preventDefault();
        onPendingChange(true);
        void Promise.resolve().then(() => {
          onPendingChange(false);
          if (fail) setFailed(true);
          else onAdded({ amount });
        });
      }}
    >
      <label>
        Amount
        <input readOnly value={amount} />
      </label>
      {failed && <p role="alert">{errorTitle}</p>}
    </form>
  );
}
