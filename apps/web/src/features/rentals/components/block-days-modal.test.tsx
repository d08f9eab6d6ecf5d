import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { Availability } from '@rentdrive/contracts/availability';
import { endpointResponse, jsonResponse, sentJson, stubFetch } from '../../../test/fetch-stub';
import { BlockDaysModal } from './block-days-modal';

const VEHICLE = { id: '0b7c6f8e-3f1a-4f57-8d59-7f0a0f7d3a11', make: 'Toyota', model: 'Corolla' };
const VIEW = {
  vehicleId: VEHICLE.id,
  firstDay: '2026-11-10',
  lastDay: '2027-05-10',
  blockedDays: ['2026-11-20'],
  bookedDays: ['2026-11-14', '2026-11-15'],
};

function setup(putAnswer: { status: number; body: unknown }) {
  const fetchMock = stubFetch((url, init) =>
    init?.method === 'PUT' ? jsonResponse(putAnswer.body, putAnswer.status) : endpointResponse(Availability.blockedDays, VIEW),
  );
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const onClose = vi.fn();
  const onSaved = vi.fn();
  render(
    <QueryClientProvider client={client}>
      <BlockDaysModal vehicle={VEHICLE} onClose={onClose} onSaved={onSaved} />
    </QueryClientProvider>,
  );
  return { fetchMock, onClose, onSaved, user: userEvent.setup() };
}

const day = (n: number) => screen.getByRole('button', { name: new RegExp(`^${n} November 2026`) });

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

// user-event on a shared, busy machine: generous time per test.
describe('BlockDaysModal', { timeout: 30_000 }, () => {
  it('shows booked days as booked (not selectable) and blocked days as blocked, with the owner legend', async () => {
    setup({ status: 200, body: VIEW });
    expect(await screen.findByRole('group', { name: 'Blocked days' })).toBeInTheDocument();
    expect(day(14)).toHaveAccessibleName('14 November 2026, booked');
    expect(day(14)).toHaveAttribute('aria-disabled', 'true');
    expect(day(20)).toHaveAttribute('aria-pressed', 'true');
    expect(screen.getByText('Booked')).toBeInTheDocument();
    expect(screen.getByText('Blocked')).toBeInTheDocument();
    expect(screen.getByTestId('blocked-summary')).toHaveTextContent('1 day blocked.');
    expect(screen.getByRole('button', { name: 'Save' })).toBeDisabled();
  });

  it('blocks days by click, a range by Shift+click (skipping booked days), unblocks by click, and saves the set', async () => {
    const saved = { ...VIEW, blockedDays: ['2026-11-12', '2026-11-13', '2026-11-16'] };
    const { user, fetchMock, onSaved, onClose } = setup({ status: 200, body: saved });
    await screen.findByRole('group', { name: 'Blocked days' });
    await user.click(day(12));
    await user.keyboard('{Shift>}');
    await user.click(day(16));
    await user.keyboard('{/Shift}');
    await user.click(day(20));
    expect(day(14)).not.toHaveAttribute('aria-pressed', 'true');
    expect(screen.getByTestId('blocked-summary')).toHaveTextContent('3 days blocked. Not saved yet.');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await vi.waitFor(() => expect(onSaved).toHaveBeenCalledWith(saved), { timeout: 10_000 });
    expect(onClose).toHaveBeenCalled();
    const put = fetchMock.mock.calls.find(([, init]) => init?.method === 'PUT')!;
    expect(put[0]).toBe(`/api/vehicle/blocked-days/${VEHICLE.id}`);
    expect(sentJson(put[1])).toEqual({ days: ['2026-11-12', '2026-11-13', '2026-11-16'] });
  });

  it('blocks a typed range and says what is wrong with a reversed one', async () => {
    const { user } = setup({ status: 200, body: VIEW });
    await screen.findByRole('group', { name: 'Blocked days' });
    await user.type(screen.getByLabelText('From'), '2026-11-25');
    await user.type(screen.getByLabelText('To'), '2026-11-22');
    await user.click(screen.getByRole('button', { name: 'Block range' }));
    expect(screen.getByRole('alert')).toHaveTextContent('The first day must not be after the last day.');
    await user.clear(screen.getByLabelText('To'));
    await user.type(screen.getByLabelText('To'), '2026-11-27');
    await user.click(screen.getByRole('button', { name: 'Block range' }));
    expect(screen.getByTestId('blocked-summary')).toHaveTextContent('4 days blocked. Not saved yet.');
    expect(day(26)).toHaveAttribute('aria-pressed', 'true');
  });

  it("shows the server's refusal (a day booked meanwhile) in the modal and keeps it open", async () => {
    const { user, onClose } = setup({
      status: 409,
      body: {
        type: 'about:blank',
        title: 'Conflict',
        status: 409,
        detail: 'Booked days cannot be blocked: 2026-11-12.',
        code: 'dates_unavailable',
      },
    });
    await screen.findByRole('group', { name: 'Blocked days' });
    await user.click(day(12));
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Booked days cannot be blocked: 2026-11-12.');
    expect(onClose).not.toHaveBeenCalled();
  });
});
