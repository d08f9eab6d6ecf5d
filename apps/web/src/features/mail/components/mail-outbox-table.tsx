import { useLingui } from '@lingui/react/macro';
import '../../../i18n/more-messages';
import type { OutboxEntry } from '@rentdrive/contracts/mail';
import { Button } from '../../../components/ui/button';
import { DataTable, type DataTableColumn } from '../../../components/ui/data-table';
import { EmptyState } from '../../../components/ui/empty-state';
import { ErrorState } from '../../../components/ui/error-state';
import { LoadingText } from '../../../components/ui/loading-text';
import { useToast } from '../../../components/ui/toast';
import { errorMessage } from '../../../lib/api-client';
import { formatDateTime } from '../../../lib/format-date';
import { useMailOutbox, useRetryMail } from '../api/mail-outbox';

/**
 * Employees: every message that did not go out, failed ones first, with the mail server's last
 * answer; a failed one can be sent again (with all its tries).
 */
export function MailOutboxTable() {
  const { t } = useLingui();
  const toast = useToast();
  const outbox = useMailOutbox();
  const retry = useRetryMail();

  if (outbox.isPending) return <LoadingText text={t`Loading undelivered e-mail...`} />;
  if (outbox.isError) {
    return (
      <ErrorState message={t`Error: ${errorMessage(outbox.error)}`} onRetry={() => void outbox.refetch()} isRetrying={outbox.isFetching} />
    );
  }
  if (outbox.data.items.length === 0) return <EmptyState message={t`Every e-mail was delivered. Nothing is waiting or failed.`} />;

  const statusLabel = (status: OutboxEntry['status']) => (status === 'failed' ? t`Failed` : t`Waiting`);
  const columns: DataTableColumn<OutboxEntry>[] = [
    {
      key: 'status',
      header: t`Status`,
      cell: (m) => <span className={m.status === 'failed' ? 'font-semibold text-danger' : 'text-pending'}>{statusLabel(m.status)}</span>,
    },
    { key: 'to', header: t`Recipient`, cell: (m) => <span className="break-all">{m.toAddress}</span> },
    { key: 'subject', header: t`Subject`, cell: (m) => m.subject },
    { key: 'created', header: t`Written`, cell: (m) => formatDateTime(m.createdAt) },
    { key: 'attempts', header: t`Tries`, cell: (m) => m.attempts, align: 'right' },
    {
      key: 'error',
      header: t`Last error`,
      cell: (m) => <span className="break-words text-xs text-slate-600">{m.lastError ?? '—'}</span>,
    },
    {
      key: 'action',
      header: t`Action`,
      hideLabelOnCard: true,
      cell: (m) =>
        m.status === 'failed' ? (
          <Button
            size="sm"
            variant="secondary"
            isLoading={retry.isPending && retry.variables === m.id}
            aria-label={t`Send again: ${m.subject} to ${m.toAddress}`}
            onClick={() =>
              retry.mutate(m.id, {
                onSuccess: () => toast.success(t`The e-mail is queued again.`),
                onError: (error) => toast.error(errorMessage(error)),
              })
            }
          >
            {t`Send again`}
          </Button>
        ) : null,
    },
  ];
  return <DataTable columns={columns} rows={outbox.data.items} getRowKey={(m) => m.id} caption={t`Undelivered e-mail`} stackBelow="lg" />;
}
