import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { WalletMessages, type AddFundsResponse, type WalletTransaction } from '@rentdrive/contracts/wallet';
import { jsonResponse, sentJson, stubFetch } from '../../../test/fetch-stub';
import { TRANSACTION_HISTORY_QUERY_KEY } from '../api/get-transaction-history';
import { AddFundsModal } from './add-funds-modal';

const NEXT_YEAR = String(new Date().getUTCFullYear() + 1);
const DEPOSIT: AddFundsResponse = {
  id: '0b7c6f8e-3f1a-4f57-8d59-7f0a0f7d3a11',
  createdOn: '2026-11-21T08:00:00Z',
  type: 'Deposit',
  amount: 100,
};
const OLDER: WalletTransaction = {
  id: '1b7c6f8e-3f1a-4f57-8d59-7f0a0f7d3a11',
  createdOn: '2026-11-20T08:00:00Z',
  type: 'Refund',
  amount: 12,
};

function setup(answer: { status: number; body: unknown }) {
  const fetchMock = stubFetch(() => jsonResponse(answer.body, answer.status));
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  client.setQueryData(TRANSACTION_HISTORY_QUERY_KEY, [OLDER]);
  const onAdded = vi.fn();
  const onOpenChange = vi.fn();
  render(
    <QueryClientProvider client={client}>
      <AddFundsModal open onOpenChange={onOpenChange} onAdded={onAdded} />
    </QueryClientProvider>,
  );
  return { fetchMock, client, onAdded, onOpenChange, user: userEvent.setup() };
}

async function fillCard(user: ReturnType<typeof userEvent.setup>, cardNumber: string) {
  await user.type(screen.getByLabelText(/Amount/), '100');
  await user.type(screen.getByLabelText(/Card number/), cardNumber);
  await user.type(screen.getByLabelText(/Cardholder name/), 'Test User');
  await user.selectOptions(screen.getByLabelText(/Expiry month/), '12');
  await user.selectOptions(screen.getByLabelText(/Expiry year/), NEXT_YEAR);
  await user.type(screen.getByLabelText(/CVV/), '12a3');
}

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

// user-event on a shared, busy machine: generous time per test.
describe('AddFundsModal', { timeout: 30_000 }, () => {
  it('groups the card number in fours, keeps CVV digits only and offers 12 expiry years', async () => {
    const { user } = setup({ status: 200, body: DEPOSIT });
    await user.type(screen.getByLabelText(/Card number/), '42x424242424242429999');
    expect(screen.getByLabelText(/Card number/)).toHaveValue('4242 4242 4242 4242');
    await user.type(screen.getByLabelText(/CVV/), '1a2b3');
    expect(screen.getByLabelText(/CVV/)).toHaveValue('123');
    expect(screen.getByLabelText(/CVV/)).toHaveAttribute('type', 'password');
    // 12 years plus the 'YYYY' placeholder.
    expect(screen.getByLabelText(/Expiry year/).querySelectorAll('option')).toHaveLength(13);
  });

  it('shows the shared validation messages and sends nothing', async () => {
    const { user, fetchMock } = setup({ status: 200, body: DEPOSIT });
    await user.type(screen.getByLabelText(/Amount/), '0.999');
    await user.click(screen.getByRole('button', { name: 'Add Funds' }));
    expect(await screen.findByText(WalletMessages.amountMin)).toBeInTheDocument();
    expect(screen.getByText(WalletMessages.cardHolderRequired)).toBeInTheDocument();
    expect(screen.getByText(WalletMessages.cvvInvalid)).toBeInTheDocument();
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('says what is wrong with the amount and asks for the expiry the user has not chosen', async () => {
    const { user, fetchMock } = setup({ status: 200, body: DEPOSIT });
    await user.type(screen.getByLabelText(/Amount/), 'abc');
    await user.click(screen.getByRole('button', { name: 'Add Funds' }));
    expect(await screen.findByText('Enter an amount in euros, like 25.00.')).toBeInTheDocument();
    expect(screen.queryByText(WalletMessages.amountRequired)).toBeNull();
    expect(screen.getByText('Choose the expiry month.')).toBeInTheDocument();
    expect(screen.getByText('Choose the expiry year.')).toBeInTheDocument();
    await user.clear(screen.getByLabelText(/Amount/));
    await user.click(screen.getByRole('button', { name: 'Add Funds' }));
    expect(await screen.findByText(WalletMessages.amountRequired)).toBeInTheDocument();
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('puts the new transaction first, closes and reports it; sends an Idempotency-Key', async () => {
    const { user, fetchMock, client, onAdded, onOpenChange } = setup({ status: 200, body: DEPOSIT });
    await fillCard(user, '4242424242424242');
    await user.click(screen.getByRole('button', { name: 'Add Funds' }));
    await vi.waitFor(() => expect(onAdded).toHaveBeenCalledWith(DEPOSIT), { timeout: 10_000 });
    expect(onOpenChange).toHaveBeenCalledWith(false);
    expect(client.getQueryData(TRANSACTION_HISTORY_QUERY_KEY)).toEqual([DEPOSIT, OLDER]);
    const [url, init] = fetchMock.mock.calls[0]!;
    expect(url).toBe('/api/wallet/add-funds');
    expect(sentJson(init)).toMatchObject({
      amount: 100,
      cardNumber: '4242424242424242',
      cvv: '123',
      expiryMonth: 12,
      expiryYear: Number(NEXT_YEAR),
    });
    expect((init?.headers as Record<string, string>)['Idempotency-Key']).toBeTruthy();
  });

  it('shows a declined card in the modal instead of swallowing it', async () => {
    const { user, onAdded, onOpenChange } = setup({
      status: 422,
      body: {
        type: 'about:blank',
        title: 'Payment declined',
        status: 422,
        detail: WalletMessages.paymentDeclined,
        code: 'payment_declined',
      },
    });
    await fillCard(user, '4000000000000002');
    await user.click(screen.getByRole('button', { name: 'Add Funds' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(WalletMessages.paymentDeclined);
    expect(onAdded).not.toHaveBeenCalled();
    expect(onOpenChange).not.toHaveBeenCalled();
  });
});
