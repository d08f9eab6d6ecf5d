import { Trans, useLingui } from '@lingui/react/macro';
import '../../../i18n/more-messages';
import { useState } from 'react';
import type { DecisionResult, ReportGroup } from '@rentdrive/contracts/moderation';
import { EmptyState } from '../../../components/ui/empty-state';
import { ErrorState } from '../../../components/ui/error-state';
import { LoadingText } from '../../../components/ui/loading-text';
import { Money } from '../../../components/ui/money';
import { useFormat } from '../../../i18n/format';
import { useReportQueue } from '../api/get-report-queue';
import { DecisionForm } from './decision-form';
import { ACTION_LABELS, REASON_NAMES, TARGET_LABELS } from './moderation-labels';
import { ReportTargetView } from './report-target-view';

/** The moderation queue (issue 28): open reports grouped by target, the oldest waiting first. */
export function ReportQueue() {
  const { t } = useLingui();
  const queue = useReportQueue();
  const [lastResult, setLastResult] = useState<DecisionResult | null>(null);
  if (queue.isPending) return <LoadingText text={t`Loading reports...`} />;
  if (queue.isError)
    return <ErrorState message={t`The reports could not be loaded.`} onRetry={() => void queue.refetch()} isRetrying={queue.isFetching} />;
  return (
    <div className="flex flex-col gap-6">
      {lastResult && lastResult.activeRentals.length > 0 && <ActiveRentals result={lastResult} />}
      {queue.data.groups.length === 0 ? (
        <EmptyState title={t`No open reports`} message={t`Nothing waits for a decision.`} />
      ) : (
        <ol className="flex flex-col gap-4" aria-label={t`Open reports`}>
          {queue.data.groups.map((group) => (
            <li key={`${group.targetType}:${group.targetId}`}>
              <ReportGroupCard group={group} onDecided={setLastResult} />
            </li>
          ))}
        </ol>
      )}
    </div>
  );
}

function ReportGroupCard({ group, onDecided }: { group: ReportGroup; onDecided: (result: DecisionResult) => void }) {
  const { i18n } = useLingui();
  const format = useFormat();
  const count = group.count;
  const oldest = format.dateTime(group.oldestAt);
  const kind = i18n._(TARGET_LABELS[group.targetType]);
  return (
    <article className="grid gap-4 rounded-card border border-slate-200 bg-white p-4 shadow-sm lg:grid-cols-[minmax(0,1fr)_320px]">
      <div className="flex min-w-0 flex-col gap-3">
        <header className="flex flex-wrap items-baseline gap-x-3 gap-y-1">
          <h3 className="text-base font-semibold text-slate-900">{kind}</h3>
          <span className="rounded-full bg-red-50 px-2 py-0.5 text-xs font-semibold text-red-800">
            <Trans>{count} open</Trans>
          </span>
          <span className="text-xs text-slate-600">
            <Trans>Waiting since {oldest}</Trans>
          </span>
        </header>
        <ReportTargetView target={group.target} />
        <section>
          <h4 className="text-sm font-semibold text-slate-900">
            <Trans>Reports</Trans>
          </h4>
          <ul className="mt-1 flex flex-col gap-2">
            {group.reports.map((report) => (
              <li key={report.id} className="rounded-control bg-slate-50 px-3 py-2 text-sm text-slate-700">
                <p>
                  <span className="font-medium text-slate-900">{i18n._(REASON_NAMES[report.reason] ?? REASON_NAMES.other!)}</span>
                  {' · '}
                  {report.reporterName} · {format.dateTime(report.createdAt)}
                </p>
                <p className="whitespace-pre-wrap break-words">{report.details}</p>
              </li>
            ))}
          </ul>
        </section>
        {group.history.length > 0 && (
          <section>
            <h4 className="text-sm font-semibold text-slate-900">
              <Trans>Earlier decisions</Trans>
            </h4>
            <ul className="mt-1 flex flex-col gap-1 text-sm text-slate-700">
              {group.history.map((decision) => (
                <li key={decision.id}>
                  <span className="font-medium">{i18n._(ACTION_LABELS[decision.action])}</span> · {decision.employeeName} ·{' '}
                  {format.dateTime(decision.createdAt)}: {decision.reason}
                </li>
              ))}
            </ul>
          </section>
        )}
      </div>
      <DecisionForm reportId={group.reports[0]!.id} targetType={group.targetType} onDecided={onDecided} />
    </article>
  );
}

/** After a suspension: the rentals the user is part of, for the employee to handle. */
function ActiveRentals({ result }: { result: DecisionResult }) {
  return (
    <section role="status" className="rounded-card border border-amber-300 bg-amber-50 p-4 text-sm text-amber-950">
      <h3 className="font-semibold">
        <Trans>Rentals of the suspended user to handle</Trans>
      </h3>
      <ul className="mt-2 flex flex-col gap-1">
        {result.activeRentals.map((rental) => (
          <li key={rental.id}>
            {rental.vehicle} · {rental.renterName} → {rental.ownerName} · {rental.startDate} – {rental.endDate} · {rental.status} ·{' '}
            <Money amount={rental.totalCents / 100} />
          </li>
        ))}
      </ul>
    </section>
  );
}
