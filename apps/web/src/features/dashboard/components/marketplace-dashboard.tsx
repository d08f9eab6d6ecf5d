import { useLingui } from '@lingui/react/macro';
import '../../../i18n/more-messages';
import { useId, useState } from 'react';
import type { MarketplaceDashboard as Figures } from '@rentdrive/contracts/dashboard';
import { ErrorState } from '../../../components/ui/error-state';
import { LoadingText } from '../../../components/ui/loading-text';
import { useFormat } from '../../../i18n/format';
import { errorMessage } from '../../../lib/api-client';
import { useMarketplaceDashboard, type Range } from '../api/dashboard';
import { Kpi, PALETTE, StackedBars } from './charts';
import { RangePicker } from './range-picker';

function defaultRange(): Range {
  const to = new Date();
  const from = new Date(to.getTime() - 29 * 86_400_000);
  return { from: from.toISOString().slice(0, 10), to: to.toISOString().slice(0, 10) };
}

/** /manage/dashboard (employees): the marketplace's figures by day or month, type and search demand. */
export function MarketplaceDashboard() {
  const { t } = useLingui();
  const [range, setRange] = useState<Range>(defaultRange);
  const [type, setType] = useState<number | undefined>(undefined);
  const query = useMarketplaceDashboard(range, type);
  const typeId = useId();
  return (
    <div className="space-y-6">
      <RangePicker range={range} onChange={setRange}>
        <div className="min-w-40 flex-1 sm:flex-none">
          <label htmlFor={typeId} className="text-sm font-medium text-slate-700">
            {t`Vehicle type`}
          </label>
          <select
            id={typeId}
            className="mt-1 block w-full rounded-control border border-slate-300 bg-white px-3 py-2 text-sm focus-visible:outline-2 focus-visible:outline-accent-600"
            value={type ?? ''}
            onChange={(e) => setType(e.target.value ? Number(e.target.value) : undefined)}
          >
            <option value="">{t`All types`}</option>
            {query.data?.types.map((option) => (
              <option key={option.id} value={option.id}>
                {option.name}
              </option>
            ))}
          </select>
        </div>
      </RangePicker>
      {query.isPending ? (
        <LoadingText text={t`Loading the marketplace figures...`} />
      ) : query.isError ? (
        <ErrorState message={t`Error: ${errorMessage(query.error)}`} onRetry={() => void query.refetch()} isRetrying={query.isFetching} />
      ) : (
        <Figures data={query.data} />
      )}
    </div>
  );
}

function Figures({ data }: { data: Figures }) {
  const { t } = useLingui();
  const format = useFormat();
  const money = (cents: number) => format.money(cents / 100);
  const label = (period: string) =>
    data.granularity === 'day'
      ? format.dateWords(new Date(`${period}T00:00:00Z`), 'short')
      : format.dateWords(new Date(`${period}-01T00:00:00Z`), 'month');
  const rows = data.series.map((s) => ({ x: label(s.period), ...s }));
  const x = data.granularity === 'day' ? t`Day` : t`Month`;
  const { totals } = data;
  return (
    <>
      <div className="grid grid-cols-2 gap-4 lg:grid-cols-3 xl:grid-cols-5">
        <Kpi label={t`Bookings`} value={format.count(totals.bookings)} />
        <Kpi label={t`Gross booking value`} value={money(totals.grossCents)} />
        <Kpi label={t`Take (company fee)`} value={money(totals.takeCents)} />
        <Kpi label={t`Cancellations`} value={format.count(totals.cancellations)} />
        <Kpi label={t`Refunds`} value={money(totals.refundsCents)} />
        <Kpi label={t`New users`} value={format.count(totals.newUsers)} />
        <Kpi label={t`New listings`} value={format.count(totals.newListings)} />
        <Kpi label={t`Active listings`} value={format.count(totals.activeListings)} />
        <Kpi label={t`Money held in wallets`} value={money(totals.walletHeldCents)} />
      </div>
      <div className="grid grid-cols-1 gap-4 xl:grid-cols-2">
        <StackedBars
          title={t`Gross booking value and take`}
          xLabel={x}
          data={rows}
          stacked={false}
          series={[
            { key: 'grossCents', label: t`Gross booking value`, colour: PALETTE[0]! },
            { key: 'takeCents', label: t`Take (company fee)`, colour: PALETTE[1]! },
          ]}
          format={money}
        />
        <StackedBars
          title={t`Bookings and cancellations`}
          xLabel={x}
          data={rows}
          stacked={false}
          series={[
            { key: 'bookings', label: t`Bookings`, colour: PALETTE[2]! },
            { key: 'cancellations', label: t`Cancellations`, colour: PALETTE[3]! },
          ]}
          format={format.count}
        />
      </div>
      <div className="grid grid-cols-1 gap-4 xl:grid-cols-3">
        <section aria-labelledby="by-type-heading" className="rounded-card border border-slate-200 bg-white p-4">
          <h2 id="by-type-heading" className="text-base font-semibold text-slate-900">
            {t`By vehicle type`}
          </h2>
          <table className="mt-2 w-full text-left text-sm">
            <thead className="text-slate-600">
              <tr>
                <th scope="col" className="py-1 pr-2 font-medium">{t`Type`}</th>
                <th scope="col" className="px-2 py-1 text-right font-medium">{t`Bookings`}</th>
                <th scope="col" className="py-1 pl-2 text-right font-medium">{t`Gross`}</th>
              </tr>
            </thead>
            <tbody>
              {data.byType.map((row) => (
                <tr key={row.typeId} className="border-t border-slate-100">
                  <th scope="row" className="py-1 pr-2 font-medium text-slate-900">
                    {row.name}
                  </th>
                  <td className="px-2 py-1 text-right">{format.count(row.bookings)}</td>
                  <td className="py-1 pl-2 text-right">{money(row.grossCents)}</td>
                </tr>
              ))}
            </tbody>
          </table>
          {data.byType.length === 0 && <p className="mt-2 text-sm text-slate-600">{t`No bookings in this period.`}</p>}
        </section>
        <TermList title={t`Most searched`} terms={data.searchDemand.top.map((r) => ({ ...r, fewResults: undefined }))} />
        <TermList title={t`Searched with few or no results`} terms={data.searchDemand.unmet} />
      </div>
    </>
  );
}

function TermList({
  title,
  terms,
}: {
  title: string;
  terms: { term: string; kind: 'word' | 'place'; searches: number; fewResults?: number }[];
}) {
  const { t } = useLingui();
  const format = useFormat();
  const id = useId();
  return (
    <section aria-labelledby={id} className="rounded-card border border-slate-200 bg-white p-4">
      <h2 id={id} className="text-base font-semibold text-slate-900">
        {title}
      </h2>
      {terms.length === 0 ? (
        <p className="mt-2 text-sm text-slate-600">{t`No searches logged in this period.`}</p>
      ) : (
        <ol className="mt-2 divide-y divide-slate-100 text-sm">
          {terms.map((term) => (
            <li key={`${term.kind}-${term.term}`} className="flex justify-between gap-3 py-1">
              <span className="min-w-0 break-words text-slate-900">{term.kind === 'place' ? t`Near ${term.term}` : term.term}</span>
              <span className="shrink-0 text-slate-700">
                {term.fewResults === undefined
                  ? t`${format.count(term.searches)} searches`
                  : t`${format.count(term.fewResults)} of ${format.count(term.searches)} searches`}
              </span>
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}
