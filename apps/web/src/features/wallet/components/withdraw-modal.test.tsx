import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { WithdrawMessages, type WalletTransaction, type WithdrawResponse } from '@rentdrive/contracts/wallet';
import { jsonResponse, sentJson, stubFetch } from '../../../test/fetch-stub';
import { TRANSACTION_HISTORY_QUERY_KEY } from '../api/get-transaction-history';
import { WithdrawModal } from './withdraw-modal';

const WITHDRAWAL: WithdrawResponse = {
  id: '0b7c6f8e-3f1a-4f57-8d59-7f0a0f7d3a11',
  createdOn: '2026-11-21T08:00:00Z',
  type: 'Withdraw',
  amount: -40,
  payoutAccount: 'DE•• •••• 3000',
};
const OLDER: WalletTransaction = {
  id: '1b7c6f8e-3f1a-4f57-8d59-7f0a0f7d3a11',
  createdOn: '2026-11-20T08:00:00Z',
  type: 'Rental Profit',
  amount: 120,
};

function setup(answer: { status: number; body: unknown }, available = 120) {
  const fetchMock = stubFetch(() => jsonResponse(answer.body, answer.status));
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  client.setQueryData(TRANSACTION_HISTORY_QUERY_KEY, [OLDER]);
  const onWithdrawn = vi.fn();
  const onOpenChange = vi.fn();
  render(
    <QueryClientProvider client={client}>
      <WithdrawModal open available={available} onOpenChange={onOpenChange} onWithdrawn={onWithdrawn} />
    </QueryClientProvider>,
  );
  return { fetchMock, client, onWithdrawn, onOpenChange, user: userEvent.setup() };
}

async function fill(user: ReturnType<typeof userEvent.setup>, amount: string, iban: string) {
  await user.type(screen.getByLabelText('Amount (€)'), amount);
  await user.type(screen.getByLabelText('Account holder'), 'Olga Owner');
  await user.type(screen.getByLabelText('IBAN'), iban);
}

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

// user-event on a shared, busy machine: generous time per test.
describe('WithdrawModal', { timeout: 30_000 }, () => {
  it('shows what is available, groups the IBAN in fours as typed and sends it normalized with an Idempotency-Key', async () => {
    const { user, fetchMock, client, onWithdrawn, onOpenChange } = setup({ status: 200, body: WITHDRAWAL });
    expect(screen.getByText('120.00€')).toBeInTheDocument();
    await fill(user, '40', 'de89370400440532013000');
    expect(screen.getByLabelText('IBAN')).toHaveValue('DE89 3704 0044 0532 0130 00');
    await user.click(screen.getByRole('button', { name: 'Withdraw' }));
    await vi.waitFor(() => expect(onWithdrawn).toHaveBeenCalledWith(WITHDRAWAL), { timeout: 10_000 });
    expect(onOpenChange).toHaveBeenCalledWith(false);
    // The Withdraw row goes first in the history.
    expect(client.getQueryData(TRANSACTION_HISTORY_QUERY_KEY)).toEqual([WITHDRAWAL, OLDER]);
    const [url, init] = fetchMock.mock.calls[0]!;
    expect(url).toBe('/api/wallet/withdraw');
    expect(sentJson(init)).toEqual({ amount: 40, accountHolder: 'Olga Owner', iban: 'DE89370400440532013000' });
    expect((init?.headers as Record<string, string>)['Idempotency-Key']).toBeTruthy();
  });

  it('refuses below the minimum, above the available balance and a bad IBAN without sending anything', async () => {
    const { user, fetchMock } = setup({ status: 200, body: WITHDRAWAL });
    await fill(user, '9.99', 'DE89 3704 0044 0532 0130 01');
    await user.click(screen.getByRole('button', { name: 'Withdraw' }));
    expect(await screen.findByText(WithdrawMessages.amountMin)).toBeInTheDocument();
    expect(screen.getByText('This IBAN is not valid: check it for typos.')).toBeInTheDocument();
    await user.clear(screen.getByLabelText('Amount (€)'));
    await user.type(screen.getByLabelText('Amount (€)'), '120.01');
    await user.clear(screen.getByLabelText('IBAN'));
    await user.type(screen.getByLabelText('IBAN'), 'DE89 3704 0044 0532 0130');
    await user.click(screen.getByRole('button', { name: 'Withdraw' }));
    expect(await screen.findByText(WithdrawMessages.insufficientFunds)).toBeInTheDocument();
    expect(screen.getByText('An IBAN from DE has 22 characters; this one has 20.')).toBeInTheDocument();
    expect(screen.getByLabelText('Amount (€)')).toHaveAttribute('aria-invalid', 'true');
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it("shows the gateway's refusal in the modal and keeps it open", async () => {
    const { user, onWithdrawn, onOpenChange } = setup({
      status: 422,
      body: {
        type: 'about:blank',
        title: 'Unprocessable',
        status: 422,
        detail: 'The bank refused the transfer to this account. Please use another account.',
        code: 'payout_refused',
      },
    });
    await fill(user, '40', 'DE79 0000 0000 0000 0000 02');
    await user.click(screen.getByRole('button', { name: 'Withdraw' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('The bank refused the transfer');
    expect(onWithdrawn).not.toHaveBeenCalled();
    expect(onOpenChange).not.toHaveBeenCalled();
  });

  it("shows the server's 'Insufficient funds' (money spent elsewhere meanwhile) in the modal", async () => {
    const { user } = setup({
      status: 422,
      body: {
        type: 'about:blank',
        title: 'Unprocessable',
        status: 422,
        detail: WithdrawMessages.insufficientFunds,
        code: 'insufficient_funds',
      },
    });
    await fill(user, '40', 'DE89 3704 0044 0532 0130 00');
    await user.click(screen.getByRole('button', { name: 'Withdraw' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(/^Insufficient funds/);
  });
});
