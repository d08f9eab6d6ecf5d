import { Trans, useLingui } from '@lingui/react/macro';
import { useDeferredValue, useState } from 'react';
import { WebPaths } from '@rentdrive/contracts/web-paths';
import { Button } from '../../../components/ui/button';
import { EmptyState } from '../../../components/ui/empty-state';
import { ErrorState } from '../../../components/ui/error-state';
import { TextField } from '../../../components/ui/form-fields';
import { LoadingText } from '../../../components/ui/loading-text';
import { Money } from '../../../components/ui/money';
import { useFormat } from '../../../i18n/format';
import { useModerationUser, useModerationUsers } from '../api/get-users';
import { ACTION_LABELS, REASON_NAMES, TARGET_LABELS } from './moderation-labels';
import '../../../i18n/more-messages';

/** Employees' Users screen (issue 28): find a person by name, e-mail or id and see their record. */
export function UsersScreen() {
  const { t } = useLingui();
  const [q, setQ] = useState('');
  const deferred = useDeferredValue(q.trim());
  const users = useModerationUsers(deferred);
  const [selected, setSelected] = useState<string>();
  return (
    <div className="grid gap-6 lg:grid-cols-[320px_minmax(0,1fr)]">
      <div className="flex flex-col gap-3">
        <TextField type="search" label={t`Name, e-mail or id`} value={q} onChange={(event) => setQ(event.target.value)} maxLength={100} />
        {users.isPending ? (
          <LoadingText text={t`Loading users...`} />
        ) : users.isError ? (
          <ErrorState message={t`The users could not be loaded.`} onRetry={() => void users.refetch()} />
        ) : users.data.length === 0 ? (
          <EmptyState message={t`Nobody matches this search.`} />
        ) : (
          <ul className="flex flex-col gap-1" aria-label={t`Users`}>
            {users.data.map((user) => (
              <li key={user.id}>
                <button
                  type="button"
                  aria-pressed={selected === user.id}
                  onClick={() => setSelected(user.id)}
                  className="w-full rounded-control border border-slate-200 bg-white px-3 py-2 text-left text-sm hover:bg-slate-50 focus-visible:outline-2 focus-visible:outline-accent-600 aria-pressed:border-accent-600 aria-pressed:bg-accent-50"
                >
                  <span className="block font-medium text-slate-900">
                    {user.username}
                    {user.isSuspended && (
                      <span className="ml-2 rounded-full bg-amber-100 px-2 text-xs text-amber-900">
                        <Trans>Suspended</Trans>
                      </span>
                    )}
                  </span>
                  <span className="block truncate text-slate-600">{user.email}</span>
                </button>
              </li>
            ))}
          </ul>
        )}
      </div>
      <div className="min-w-0">{selected ? <UserRecord id={selected} onClose={() => setSelected(undefined)} /> : null}</div>
    </div>
  );
}

function UserRecord({ id, onClose }: { id: string; onClose: () => void }) {
  const { t, i18n } = useLingui();
  const format = useFormat();
  const record = useModerationUser(id);
  if (record.isPending) return <LoadingText text={t`Loading user...`} />;
  if (record.isError) return <ErrorState message={t`This user could not be loaded.`} onRetry={() => void record.refetch()} />;
  const { user, listings, rentals, wallet, reportsBy, reportsAbout, decisions } = record.data;
  const since = format.longDate(user.memberSince);
  return (
    <article className="flex flex-col gap-5 rounded-card border border-slate-200 bg-white p-4 shadow-sm" aria-label={user.username}>
      <header className="flex flex-wrap items-start justify-between gap-2">
        <div>
          <h2 className="text-xl font-semibold text-slate-900">{user.username}</h2>
          <p className="text-sm text-slate-600">
            {user.email} · <Trans>Member since {since}</Trans> · <span className="font-mono text-xs">{user.id}</span>
          </p>
          {user.isSuspended && (
            <p className="mt-1 text-sm font-medium text-amber-800">
              {user.suspendedUntil ? (
                <Trans>Suspended until {format.dateTime(user.suspendedUntil)}</Trans>
              ) : (
                <Trans>Suspended until lifted</Trans>
              )}
              {user.suspensionReason && `: ${user.suspensionReason}`}
            </p>
          )}
        </div>
        <Button variant="ghost" size="sm" onClick={onClose}>
          <Trans>Close</Trans>
        </Button>
      </header>
      <Section title={t`Wallet`}>
        <p className="text-sm text-slate-700">
          <Trans>Balance</Trans> <Money amount={wallet.balanceCents / 100} /> · <Trans>Pending</Trans>{' '}
          <Money amount={wallet.pendingCents / 100} /> · <Trans>Withdrawable</Trans> <Money amount={wallet.withdrawableCents / 100} />
        </p>
      </Section>
      <Section title={t`Listings`} empty={listings.length === 0 ? t`No listings.` : undefined}>
        {listings.map((l) => (
          <li key={l.id}>
            <a href={WebPaths.vehicle(l.id)} className="text-accent-800 underline">
              {l.title}
            </a>{' '}
            · <Money amount={l.pricePerDayCents / 100} />
            {l.hiddenReason !== null && <span className="ml-2 text-amber-800">{t`Hidden: ${l.hiddenReason}`}</span>}
          </li>
        ))}
      </Section>
      <Section title={t`Rentals`} empty={rentals.length === 0 ? t`No rentals.` : undefined}>
        {rentals.map((r) => (
          <li key={r.id}>
            {r.vehicle} · {r.renterName} → {r.ownerName} · {r.startDate} – {r.endDate} · {r.status} · <Money amount={r.totalCents / 100} />
          </li>
        ))}
      </Section>
      <Section title={t`Reports about this user`} empty={reportsAbout.length === 0 ? t`None.` : undefined}>
        {reportsAbout.map((r) => (
          <li key={r.id}>
            {i18n._(TARGET_LABELS[r.targetType])} · {i18n._(REASON_NAMES[r.reason] ?? REASON_NAMES.other!)} · {r.reporterName} ·{' '}
            {format.dateTime(r.createdAt)}: {r.details}
          </li>
        ))}
      </Section>
      <Section title={t`Reports sent by this user`} empty={reportsBy.length === 0 ? t`None.` : undefined}>
        {reportsBy.map((r) => (
          <li key={r.id}>
            {i18n._(TARGET_LABELS[r.targetType])} · {i18n._(REASON_NAMES[r.reason] ?? REASON_NAMES.other!)} · {format.dateTime(r.createdAt)}
          </li>
        ))}
      </Section>
      <Section title={t`Decisions`} empty={decisions.length === 0 ? t`None.` : undefined}>
        {decisions.map((d) => (
          <li key={d.id}>
            <span className="font-medium">{i18n._(ACTION_LABELS[d.action])}</span> · {d.employeeName} · {format.dateTime(d.createdAt)}:{' '}
            {d.reason}
          </li>
        ))}
      </Section>
    </article>
  );
}

function Section({ title, empty, children }: { title: string; empty?: string; children?: React.ReactNode }) {
  return (
    <section>
      <h3 className="text-sm font-semibold text-slate-900">{title}</h3>
      {empty ? (
        <p className="text-sm text-slate-600">{empty}</p>
      ) : (
        <ul className="mt-1 flex flex-col gap-1 text-sm text-slate-700">{children}</ul>
      )}
    </section>
  );
}
