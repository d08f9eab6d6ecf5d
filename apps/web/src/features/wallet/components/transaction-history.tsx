import type { WalletTransaction } from '@rentdrive/contracts/wallet';
import { errorMessage } from '../../../lib/api-client';
import { DataTable, type DataTableColumn } from '../../../components/ui/data-table';
import { EmptyState } from '../../../components/ui/empty-state';
import { ErrorState } from '../../../components/ui/error-state';
import { LoadingText } from '../../../components/ui/loading-text';
import { Money } from '../../../components/ui/money';
import { useTransactionHistory } from '../api/get-transaction-history';
import { formatDateTime } from '../../../lib/format-date';

export const NO_TRANSACTIONS_TEXT = 'No transaction history available.';

const COLUMNS: DataTableColumn<WalletTransaction>[] = [
  {
    key: 'date',
    header: 'Date',
    cell: (t) => <time dateTime={t.createdOn}>{formatDateTime(t.createdOn)}</time>,
  },
  {
    key: 'type',
    header: 'Type',
    cell: (t) =>
      t.payoutAccount ? (
        <>
          {t.type} <span className="whitespace-nowrap text-slate-600">to {t.payoutAccount}</span>
        </>
      ) : (
        t.type
      ),
  },
  {
    key: 'amount',
    header: 'Amount',
    align: 'right',
    // Money out is red with a minus, money in green with a plus: the sign carries it without color too.
    cell: (t) => <Money amount={t.amount} tone="auto" showPlus className="font-semibold" />,
  },
];

/** Wallet: 'Transaction History' with Date, Type, Amount, newest first. */
export function TransactionHistory() {
  const history = useTransactionHistory();
  return (
    <section aria-labelledby="transaction-history-heading" className="mt-8">
      <h2 id="transaction-history-heading" className="mb-3 text-xl font-semibold text-slate-900">
        Transaction History
      </h2>
      {history.isPending ? (
        <LoadingText text="Loading Transaction History..." />
      ) : history.isError ? (
        <ErrorState
          message={`Error: ${errorMessage(history.error)}`}
          onRetry={() => void history.refetch()}
          isRetrying={history.isFetching}
        />
      ) : history.data.length === 0 ? (
        <EmptyState message={NO_TRANSACTIONS_TEXT} />
      ) : (
        <DataTable caption="Transaction History" columns={COLUMNS} rows={history.data} getRowKey={(t) => t.id} />
      )}
    </section>
  );
}
