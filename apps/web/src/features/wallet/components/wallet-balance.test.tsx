import { cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { WalletBalance } from './wallet-balance';

afterEach(cleanup);

describe('WalletBalance', () => {
  it('shows the balance, what may be withdrawn and what may go back to the card, and opens each action', async () => {
    const actions = { onAddFunds: vi.fn(), onWithdraw: vi.fn(), onRefundToCard: vi.fn() };
    render(<WalletBalance balance={150.5} pendingBalance={0} withdrawableBalance={100} refundableToCard={50.5} {...actions} />);
    expect(screen.getByTestId('wallet-balance')).toHaveTextContent('150.50€');
    expect(screen.getByText('Available to withdraw:').nextElementSibling).toHaveTextContent('100.00€');
    expect(screen.getByText('Refundable to card:').nextElementSibling).toHaveTextContent('50.50€');
    expect(screen.queryByText(/Pending/)).not.toBeInTheDocument();
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Refund to card' }));
    await user.click(screen.getByRole('button', { name: 'Withdraw' }));
    await user.click(screen.getByRole('button', { name: 'Add Funds' }));
    expect(actions.onRefundToCard).toHaveBeenCalledOnce();
    expect(actions.onWithdraw).toHaveBeenCalledOnce();
    expect(actions.onAddFunds).toHaveBeenCalledOnce();
  });

  it('shows pending earnings apart from both figures', () => {
    render(
      <WalletBalance
        balance={0}
        pendingBalance={80}
        withdrawableBalance={0}
        refundableToCard={0}
        onAddFunds={() => {}}
        onWithdraw={() => {}}
        onRefundToCard={() => {}}
      />,
    );
    expect(screen.getByText(/Pending:/)).toHaveTextContent('Pending: 80.00€');
    expect(screen.getByTestId('wallet-withdrawable')).toHaveTextContent('0.00€');
    expect(screen.getByTestId('wallet-refundable')).toHaveTextContent('0.00€');
  });
});
