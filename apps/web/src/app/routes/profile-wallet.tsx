import { useState } from 'react';
import { PageHeading } from '../../components/ui/page-heading';
import { formatMoney } from '../../components/ui/money';
import { useToast } from '../../components/ui/toast';
import { useSession } from '../../lib/session';
import { AddFundsModal } from '../../features/wallet/components/add-funds-modal';
import { TransactionHistory } from '../../features/wallet/components/transaction-history';
import { WalletBalance } from '../../features/wallet/components/wallet-balance';
import { useDocumentTitle } from '../../lib/use-document-title';

/** /profile/wallet: balance, Add Funds, transaction history. */
export default function ProfileWalletScreen() {
  useDocumentTitle('Wallet');
  const { user } = useSession();
  const toast = useToast();
  const [isAddFundsOpen, setAddFundsOpen] = useState(false);
  return (
    <main className="pb-12">
      <PageHeading size="compact" subtitle="My Profile" title="Wallet" />
      <WalletBalance balance={user?.balance ?? 0} pendingBalance={user?.pendingBalance ?? 0} onAddFunds={() => setAddFundsOpen(true)} />
      <TransactionHistory />
      <AddFundsModal
        open={isAddFundsOpen}
        onOpenChange={setAddFundsOpen}
        onAdded={(transaction) => toast.success(`${formatMoney(transaction.amount)} added to your wallet.`)}
      />
    </main>
  );
}
