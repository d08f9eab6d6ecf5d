import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { RefundToCardMessages, type RefundToCardResponse, type WalletTransaction } from '@rentdrive/contracts/wallet';
import { jsonResponse, sentJson, stubFetch } from '../../../test/fetch-stub';
import { TRANSACTION_HISTORY_QUERY_KEY } from '../api/get-transaction-history';
import { RefundToCardModal } from './refund-to-card-modal';

const REFUND: RefundToCardResponse = {
  id: '2b7c6f8e-3f1a-4f57-8d59-7f0a0f7d3a11',
  createdOn: '2026-11-21T08:00:00Z',
  type: 'Refund to Card',
  amount: -25.5,
  refundedCards: ['•••• 4242'],
};
const OLDER: WalletTransaction = {
  id: '1b7c6f8e-3f1a-4f57-8d59-7f0a0f7d3a11',
  createdOn: '2026-11-20T08:00:00Z',
  type: 'Deposit',
  amount: 60,
};

function setup(answer: { status: number; body: unknown } | (() => Promise<Response>), refundable = 60) {
  const fetchMock =
    typeof answer === 'function'
      ? (() => {
          const mock = vi.fn(answer);
          vi.stubGlobal('fetch', mock);
          return mock;
        })()
      : stubFetch(() => jsonResponse(answer.body, answer.status));
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  client.setQueryData(TRANSACTION_HISTORY_QUERY_KEY, [OLDER]);
  const onRefunded = vi.fn();
  const onOpenChange = vi.fn();
  render(
    <QueryClientProvider client={client}>
      <RefundToCardModal open refundable={refundable} onOpenChange={onOpenChange} onRefunded={onRefunded} />
    </QueryClientProvider>,
  );
  return { fetchMock, client, onRefunded, onOpenChange, user: userEvent.setup() };
}

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

// user-event on a shared, busy machine: generous time per test.
describe('RefundToCardModal', { timeout: 30_000 }, () => {
  it('opens with the whole refundable amount, sends the amount typed with an Idempotency-Key and puts the row first', async () => {
    const { user, fetchMock, client, onRefunded, onOpenChange } = setup({ status: 200, body: REFUND });
    expect(screen.getByText('60.00€')).toBeInTheDocument();
    const amount = screen.getByLabelText('Amount (€)');
    expect(amount).toHaveValue('60.00');
    await user.clear(amount);
    await user.type(amount, '25,5');
    await user.click(screen.getByRole('button', { name: 'Refund to card' }));
    await vi.waitFor(() => expect(onRefunded).toHaveBeenCalledWith(REFUND), { timeout: 10_000 });
    expect(onOpenChange).toHaveBeenCalledWith(false);
    const [url, init] = fetchMock.mock.calls[0]! as [string, RequestInit];
    expect(url).toBe('/api/wallet/refund-to-card');
    expect(sentJson(init)).toEqual({ amount: 25.5 });
    expect((init.headers as Record<string, string>)['Idempotency-Key']).toBeTruthy();
    const { refundedCards: _cards, ...row } = REFUND;
    expect(client.getQueryData(TRANSACTION_HISTORY_QUERY_KEY)).toEqual([row, OLDER]);
  });

  it('refuses more than the refundable amount, nothing, zero and 3 decimals without sending anything', async () => {
    const { user, fetchMock } = setup({ status: 200, body: REFUND });
    const amount = screen.getByLabelText('Amount (€)');
    const submit = () => user.click(screen.getByRole('button', { name: 'Refund to card' }));
    for (const [typed, message] of [
      ['60.01', RefundToCardMessages.insufficientFunds],
      ['', RefundToCardMessages.amountRequired],
      ['0', RefundToCardMessages.amountMin],
      ['1.005', RefundToCardMessages.amountDecimals],
      ['all', RefundToCardMessages.amountNotNumber],
    ] as const) {
      await user.clear(amount);
      if (typed) await user.type(amount, typed);
      await submit();
      expect(await screen.findByText(message)).toBeInTheDocument();
      expect(amount).toHaveAttribute('aria-invalid', 'true');
    }
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('shows the button busy while the refund runs', async () => {
    let answer: (response: Response) => void = () => {};
    const { user, onRefunded } = setup(() => new Promise<Response>((resolve) => (answer = resolve)));
    await user.click(screen.getByRole('button', { name: 'Refund to card' }));
    const busy = await screen.findByRole('button', { name: 'Refunding...' });
    expect(busy).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Cancel' })).toBeDisabled();
    answer(jsonResponse({ ...REFUND, amount: -60 }));
    await vi.waitFor(() => expect(onRefunded).toHaveBeenCalled(), { timeout: 10_000 });
  });

  it("shows the gateway's refusal in the dialog and keeps it open", async () => {
    const { user, onRefunded, onOpenChange } = setup({
      status: 422,
      body: {
        type: 'about:blank',
        title: 'Unprocessable',
        status: 422,
        detail: 'The card issuer is not answering.',
        code: 'refund_refused',
      },
    });
    await user.click(screen.getByRole('button', { name: 'Refund to card' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('The card issuer is not answering.');
    expect(onRefunded).not.toHaveBeenCalled();
    expect(onOpenChange).not.toHaveBeenCalled();
  });

  it('with nothing refundable: an empty field and no way to submit', () => {
    setup({ status: 200, body: REFUND }, 0);
    expect(screen.getByLabelText('Amount (€)')).toHaveValue('');
    expect(screen.getByRole('button', { name: 'Refund to card' })).toBeDisabled();
  });
});
