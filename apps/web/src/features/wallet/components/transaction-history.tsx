import type { I18n, MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { useLingui } from '@lingui/react/macro';
import '../../../i18n/more-messages';
import type { TransactionType } from '@rentdrive/contracts/enums';
import type { WalletTransaction } from '@rentdrive/contracts/wallet';
import { DataTable, type DataTableColumn } from '../../../components/ui/data-table';
import { EmptyState } from '../../../components/ui/empty-state';
import { ErrorState } from '../../../components/ui/error-state';
import { LoadingText } from '../../../components/ui/loading-text';
import { Money } from '../../../components/ui/money';
import { useFormat, type Formatter } from '../../../i18n/format';
import { errorMessage } from '../../../lib/api-client';
import { useTransactionHistory } from '../api/get-transaction-history';

export const NO_TRANSACTIONS_TEXT = 'No transaction history available.';

const TYPE_LABELS: Record<TransactionType, MessageDescriptor> = {
  Deposit: msg`Deposit`,
  Withdraw: msg`Withdraw`,
  'Rental Payment': msg`Rental Payment`,
  'Rental Profit': msg`Rental Profit`,
  'Company Rental Fee Profit': msg`Company Rental Fee Profit`,
  Refund: msg`Refund`,
  'Refund to Card': msg`Refund to Card`,
};

const columnsFor = (i18n: I18n, format: Formatter): DataTableColumn<WalletTransaction>[] => [
  {
    key: 'date',
    header: i18n._(msg`Date`),
    cell: (t) => <time dateTime={t.createdOn}>{format.dateTime(t.createdOn)}</time>,
  },
  {
    key: 'type',
    header: i18n._(msg`Type`),
    cell: (t) =>
      t.payoutAccount ? (
        // One box that may wrap (on a phone card the account goes below the type), so the row never
        // grows wider than the card; the account itself breaks only when it cannot fit on a line.
        <span className="min-w-0 [overflow-wrap:anywhere]">
          {i18n._(TYPE_LABELS[t.type])} <span className="inline-block text-slate-600">{i18n._(msg`to ${t.payoutAccount}`)}</span>
        </span>
      ) : (
        i18n._(TYPE_LABELS[t.type])
      ),
  },
  {
    key: 'amount',
    header: i18n._(msg`Amount`),
    align: 'right',
    // Money out is red with a minus, money in green with a plus: the sign carries it without color too.
    cell: (t) => <Money amount={t.amount} tone="auto" showPlus className="font-semibold" />,
  },
];

/** Wallet: 'Transaction History' with Date, Type, Amount, newest first. */
export function TransactionHistory() {
  const { t, i18n } = useLingui();
  const format = useFormat();
  const history = useTransactionHistory();
  return (
    <section aria-labelledby="transaction-history-heading" className="mt-8">
      <h2 id="transaction-history-heading" className="mb-3 text-xl font-semibold text-slate-900">
        {t`Transaction History`}
      </h2>
      {history.isPending ? (
        <LoadingText text={t`Loading Transaction History...`} />
      ) : history.isError ? (
        <ErrorState
          message={t`Error: ${errorMessage(history.error)}`}
          onRetry={() => void history.refetch()}
          isRetrying={history.isFetching}
        />
      ) : history.data.length === 0 ? (
        <EmptyState message={t`No transaction history available.`} />
      ) : (
        <DataTable caption={t`Transaction History`} columns={columnsFor(i18n, format)} rows={history.data} getRowKey={(t) => t.id} />
      )}
    </section>
  );
}
