import { Trans, useLingui } from '@lingui/react/macro';
import '../../../i18n/more-messages';
import { useInfiniteQuery } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { Audit, type AuditEvent } from '@rentdrive/contracts/audit';
import { Button } from '../../../components/ui/button';
import { DataTable, type DataTableColumn } from '../../../components/ui/data-table';
import { EmptyState } from '../../../components/ui/empty-state';
import { ErrorState } from '../../../components/ui/error-state';
import { TextField } from '../../../components/ui/form-fields';
import { LoadingText } from '../../../components/ui/loading-text';
import { callApi, errorMessage } from '../../../lib/api-client';

interface Filters {
  actor?: string;
  target?: string;
  from?: string;
  to?: string;
}

const clean = (filters: Filters): Filters =>
  Object.fromEntries(Object.entries(filters).filter(([, value]) => typeof value === 'string' && value.trim() !== ''));

/** The audit trail for employees (GET /api/moderation/audit): filters by actor id, target id and days; newest first, 'Load more'. */
export function AuditTable() {
  const { t, i18n } = useLingui();
  const [draft, setDraft] = useState<Filters>({});
  const [filters, setFilters] = useState<Filters>({});
  const query = useInfiniteQuery({
    queryKey: ['audit', filters],
    initialPageParam: undefined as number | undefined,
    queryFn: ({ pageParam }) => callApi(Audit.list, { query: { ...filters, ...(pageParam ? { cursor: pageParam } : {}) } }),
    getNextPageParam: (page) => page.nextCursor ?? undefined,
  });
  const rows = query.data?.pages.flatMap((page) => page.items) ?? [];

  const columns: DataTableColumn<AuditEvent>[] = [
    { key: 'when', header: t`When`, cell: (row) => new Date(row.occurredAt).toLocaleString(i18n.locale) },
    { key: 'actor', header: t`Who`, cell: (row) => row.actor?.username ?? t`Anonymous or system` },
    { key: 'action', header: t`Action`, cell: (row) => <code className="text-xs">{row.action}</code> },
    { key: 'target', header: t`Target`, cell: (row) => (row.targetType ? `${row.targetType} ${row.targetId ?? ''}` : '—') },
    { key: 'ip', header: t`Address`, cell: (row) => row.ip ?? '—' },
    { key: 'reason', header: t`Reason`, cell: (row) => row.reason ?? '—' },
  ];

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setFilters(clean(draft));
  };
  const field = (name: keyof Filters) => ({
    value: draft[name] ?? '',
    onChange: (event: { target: { value: string } }) => setDraft((current) => ({ ...current, [name]: event.target.value })),
  });

  return (
    <div className="grid gap-6">
      <form onSubmit={submit} className="grid gap-4 sm:grid-cols-2 lg:grid-cols-5 lg:items-end" aria-label={t`Filter the audit trail`}>
        <TextField label={t`Actor (user id)`} {...field('actor')} />
        <TextField label={t`Target id`} {...field('target')} />
        <TextField label={t`From`} type="date" {...field('from')} />
        <TextField label={t`To`} type="date" {...field('to')} />
        <div>
          <Button type="submit">
            <Trans>Filter</Trans>
          </Button>
        </div>
      </form>
      {query.isPending ? (
        <LoadingText text={t`Loading the audit trail...`} />
      ) : query.isError ? (
        <ErrorState message={errorMessage(query.error)} onRetry={() => void query.refetch()} retryLabel={t`Try again`} />
      ) : rows.length === 0 ? (
        <EmptyState message={t`No events match these filters.`} />
      ) : (
        <>
          <DataTable columns={columns} rows={rows} getRowKey={(row) => row.id} caption={t`Audit trail`} stackBelow="lg" />
          {query.hasNextPage && (
            <div>
              <Button type="button" variant="secondary" isLoading={query.isFetchingNextPage} onClick={() => void query.fetchNextPage()}>
                <Trans>Load more</Trans>
              </Button>
            </div>
          )}
        </>
      )}
    </div>
  );
}
