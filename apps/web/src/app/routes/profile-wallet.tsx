import { useLingui } from '@lingui/react/macro';
import '../../i18n/more-messages';
import { useState } from 'react';
import { PageHeading } from '../../components/ui/page-heading';
import { useToast } from '../../components/ui/toast';
import { AddFundsModal } from '../../features/wallet/components/add-funds-modal';
import { RefundToCardModal } from '../../features/wallet/components/refund-to-card-modal';
import { TransactionHistory } from '../../features/wallet/components/transaction-history';
import { WalletBalance } from '../../features/wallet/components/wallet-balance';
import { WithdrawModal } from '../../features/wallet/components/withdraw-modal';
import { useFormat } from '../../i18n/format';
import { DocumentTitle } from '../../lib/document-title';
import { useSession } from '../../lib/session';

/** /profile/wallet: balance (available to withdraw, refundable to card), Add Funds, Withdraw, Refund to card, transaction history. */
export default function ProfileWalletScreen() {
  const { t } = useLingui();
  const format = useFormat();
  const formatMoney = format.money;
  const { user } = useSession();
  const toast = useToast();
  const [isAddFundsOpen, setAddFundsOpen] = useState(false);
  const [isWithdrawOpen, setWithdrawOpen] = useState(false);
  const [isRefundOpen, setRefundOpen] = useState(false);
  return (
    <main className="pb-12">
      <DocumentTitle screen={t`Wallet`} />
      <PageHeading size="compact" subtitle={t`My Profile`} title={t`Wallet`} />
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
        onAdded={(transaction) => toast.success(t`${formatMoney(transaction.amount)} added to your wallet.`)}
      />
      <WithdrawModal
        open={isWithdrawOpen}
        onOpenChange={setWithdrawOpen}
        available={user?.withdrawableBalance ?? 0}
        onWithdrawn={(transaction) =>
          toast.success(
            transaction.payoutAccount
              ? t`${formatMoney(-transaction.amount)} sent to ${transaction.payoutAccount}.`
              : t`${formatMoney(-transaction.amount)} sent to your bank account.`,
          )
        }
      />
      <RefundToCardModal
        open={isRefundOpen}
        onOpenChange={setRefundOpen}
        refundable={user?.refundableToCard ?? 0}
        onRefunded={(transaction) =>
          toast.success(
            transaction.refundedCards?.length
              ? t`${formatMoney(-transaction.amount)} refunded to ${format.list(transaction.refundedCards)}.`
              : t`${formatMoney(-transaction.amount)} refunded to your card.`,
          )
        }
      />
    </main>
  );
}
