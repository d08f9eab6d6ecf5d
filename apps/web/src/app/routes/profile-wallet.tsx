import { useState } from 'react';
import { PageHeading } from '../../components/ui/page-heading';
import { formatMoney } from '../../components/ui/money';
import { useToast } from '../../components/ui/toast';
import { useSession } from '../../lib/session';
import { AddFundsModal } from '../../features/wallet/components/add-funds-modal';
import { RefundToCardModal } from '../../features/wallet/components/refund-to-card-modal';
import { TransactionHistory } from '../../features/wallet/components/transaction-history';
import { WithdrawModal } from '../../features/wallet/components/withdraw-modal';
import { WalletBalance } from '../../features/wallet/components/wallet-balance';
import { useDocumentTitle } from '../../lib/use-document-title';

/** /profile/wallet: balance (available to withdraw, refundable to card), Add Funds, Withdraw, Refund to card, transaction history. */
export default function ProfileWalletScreen() {
  useDocumentTitle('Wallet');
  const { user } = useSession();
  const toast = useToast();
  const [isAddFundsOpen, setAddFundsOpen] = useState(false);
  const [isWithdrawOpen, setWithdrawOpen] = useState(false);
  const [isRefundOpen, setRefundOpen] = useState(false);
  return (
    <main className="pb-12">
      <PageHeading size="compact" subtitle="My Profile" title="Wallet" />
      <WalletBalance
        balance={user?.balance ?? 0}
        pendingBalance={user?.pendingBalance ?? 0}
        withdrawableBalance={user?.withdrawableBalance ?? 0}
        refundableToCard={user?.refundableToCard ?? 0}
        onAddFunds={() => setAddFundsOpen(true)}
        onWithdraw={() => setWithdrawOpen(true)}
        onRefundToCard={() => setRefundOpen(true)}
      />
      <TransactionHistory />
      <AddFundsModal
        open={isAddFundsOpen}
        onOpenChange={setAddFundsOpen}
        onAdded={(transaction) => toast.success(`${formatMoney(transaction.amount)} added to your wallet.`)}
      />
      <WithdrawModal
        open={isWithdrawOpen}
        onOpenChange={setWithdrawOpen}
        available={user?.withdrawableBalance ?? 0}
        onWithdrawn={(transaction) =>
          toast.success(`${formatMoney(-transaction.amount)} sent to ${transaction.payoutAccount ?? 'your bank account'}.`)
        }
      />
      <RefundToCardModal
        open={isRefundOpen}
        onOpenChange={setRefundOpen}
        refundable={user?.refundableToCard ?? 0}
        onRefunded={(transaction) =>
          toast.success(`${formatMoney(-transaction.amount)} refunded to ${transaction.refundedCards?.join(' and ') ?? 'your card'}.`)
        }
      />
    </main>
  );
}
