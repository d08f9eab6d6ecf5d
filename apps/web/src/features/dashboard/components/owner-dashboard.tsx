import { plural } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import '../../../i18n/more-messages';
import { Fragment, useState } from 'react';
import { Link } from 'react-router';
import type { OwnerDashboard as Figures } from '@rentdrive/contracts/dashboard';
import { WebPaths } from '@rentdrive/contracts/web-paths';
import { Button } from '../../../components/ui/button';
import { EmptyState } from '../../../components/ui/empty-state';
import { ErrorState } from '../../../components/ui/error-state';
import { LoadingText } from '../../../components/ui/loading-text';
import { useToast } from '../../../components/ui/toast';
import { useFormat } from '../../../i18n/format';
import { errorMessage } from '../../../lib/api-client';
import { downloadTransactionsCsv, useOwnerDashboard, type Range } from '../api/dashboard';
import { changeOf, Kpi, Lines, PALETTE, PENDING_COLOUR, StackedBars, type Series } from './charts';
import { RangePicker } from './range-picker';

function defaultRange(): Range {
  const today = new Date().toISOString().slice(0, 10);
  const start = new Date(`${today.slice(0, 7)}-01T00:00:00Z`);
  start.setUTCMonth(start.getUTCMonth() - 11);
  return { from: start.toISOString().slice(0, 10), to: today };
}

/** /profile/dashboard: the owner's earnings, booked days, occupancy, coming rentals and ratings. */
export function OwnerDashboard({ onOpenCalendar }: { onOpenCalendar: (vehicle: { id: string; make: string; model: string }) => void }) {
  const { t, i18n } = useLingui();
  const [range, setRange] = useState<Range>(defaultRange);
  const query = useOwnerDashboard(range);
  const toast = useToast();
  const [downloading, setDownloading] = useState(false);

  const download = () => {
    setDownloading(true);
    downloadTransactionsCsv(range, i18n.locale)
      .catch((error: unknown) => toast.error(errorMessage(error)))
      .finally(() => setDownloading(false));
  };

  return (
    <div className="space-y-6">
      <RangePicker range={range} onChange={setRange}>
        <Button variant="secondary" onClick={download} isLoading={downloading}>
          {t`Download CSV`}
        </Button>
      </RangePicker>
      {query.isPending ? (
        <LoadingText text={t`Loading your figures...`} />
      ) : query.isError ? (
        <ErrorState message={t`Error: ${errorMessage(query.error)}`} onRetry={() => void query.refetch()} isRetrying={query.isFetching} />
      ) : query.data.vehicles.length === 0 ? (
        <EmptyState
          message={t`You have no vehicles listed yet. Your earnings and bookings appear here once you do.`}
          action={
            <Link to={WebPaths.manage.createVehicle} className="font-medium text-accent-700 underline">
              {t`List a vehicle`}
            </Link>
          }
        />
      ) : (
        <Figures data={query.data} onOpenCalendar={onOpenCalendar} />
      )}
    </div>
  );
}

function Figures({
  data,
  onOpenCalendar,
}: {
  data: Figures;
  onOpenCalendar: (vehicle: { id: string; make: string; model: string }) => void;
}) {
  const { t } = useLingui();
  const format = useFormat();
  const money = (cents: number) => format.money(cents / 100);
  const names = new Map(data.vehicles.map((v) => [v.id, v.name]));
  // Seven colours: vehicles past the sixth share 'Other vehicles'.
  const shown = data.vehicles.slice(0, PALETTE.length - 1);
  const keyOf = (vehicleId: string) => (shown.some((v) => v.id === vehicleId) ? vehicleId : 'other');
  const vehicleSeries: Series[] = [
    ...shown.map((v, i) => ({ key: v.id, label: v.name, colour: PALETTE[i]! })),
    ...(data.vehicles.length > shown.length ? [{ key: 'other', label: t`Other vehicles`, colour: PALETTE[PALETTE.length - 1]! }] : []),
  ];
  const monthLabel = (month: string) => format.dateWords(new Date(`${month}-01T00:00:00Z`), 'month');
  const earnings = data.months.map((m) => {
    const row: Record<string, string | number> = { x: monthLabel(m.month), pending: 0 };
    for (const v of m.vehicles) {
      row[keyOf(v.vehicleId)] = Number(row[keyOf(v.vehicleId)] ?? 0) + v.earnedCents;
      row.pending = Number(row.pending) + v.pendingCents;
    }
    return row;
  });
  const days = data.months.map((m) => {
    const row: Record<string, string | number> = { x: monthLabel(m.month) };
    for (const v of m.vehicles) row[keyOf(v.vehicleId)] = Number(row[keyOf(v.vehicleId)] ?? 0) + v.daysBooked;
    return row;
  });
  const ratingMonths = [...new Set(data.vehicles.flatMap((v) => v.ratings.map((r) => r.month)))].sort();
  const ratings = ratingMonths.map((month) => {
    const row: Record<string, string | number> = { x: monthLabel(month) };
    for (const v of data.vehicles) {
      const found = v.ratings.find((r) => r.month === month);
      if (found) row[keyOf(v.id)] = found.average;
    }
    return row;
  });
  const total = data.totals.earnedCents + data.totals.pendingCents;
  const before = data.previous.earnedCents + data.previous.pendingCents;
  const percent = (share: number) => format.number(share, { style: 'percent', maximumFractionDigits: 0 });

  return (
    <>
      <div className="grid grid-cols-1 gap-4 sm:grid-cols-3">
        <Kpi label={t`Earnings in the period`} value={money(total)} change={changeOf(total, before)} />
        <Kpi label={t`Of which pending`} value={money(data.totals.pendingCents)} />
        <Kpi
          label={t`Days booked`}
          value={format.count(data.totals.daysBooked)}
          change={changeOf(data.totals.daysBooked, data.previous.daysBooked)}
        />
      </div>
      <div className="grid grid-cols-1 gap-4 xl:grid-cols-2">
        <StackedBars
          title={t`Earnings by month`}
          xLabel={t`Month`}
          data={earnings}
          series={[...vehicleSeries, { key: 'pending', label: t`Pending (booked, not yet paid)`, colour: PENDING_COLOUR }]}
          format={money}
        />
        <StackedBars title={t`Days booked by month`} xLabel={t`Month`} data={days} series={vehicleSeries} format={format.count} />
      </div>

      <section aria-labelledby="occupancy-heading" className="min-w-0 overflow-hidden rounded-card border border-slate-200 bg-white p-4">
        <h2 id="occupancy-heading" className="text-base font-semibold text-slate-900">
          {t`Occupancy`}
        </h2>
        <p className="mt-1 text-sm text-slate-600">
          <Trans>Share of days booked. The strip shows the next 60 days; choose it to open the vehicle's availability calendar.</Trans>
        </p>
        <ul className="mt-2 flex flex-wrap gap-4 text-sm text-slate-700" aria-label={t`Legend`}>
          <li className="flex items-center gap-2">
            <span className="inline-block size-3 rounded-sm bg-[#0072B2]" aria-hidden="true" /> {t`Booked`}
          </li>
          <li className="flex items-center gap-2">
            <span className="inline-block size-3 rounded-sm bg-[#D55E00]" aria-hidden="true" /> {t`Blocked`}
          </li>
          <li className="flex items-center gap-2">
            <span className="inline-block size-3 rounded-sm border border-slate-400 bg-white" aria-hidden="true" /> {t`Free`}
          </li>
        </ul>
        <div className="mt-3 overflow-x-auto">
          <table className="w-full text-left text-sm">
            <thead className="text-slate-600">
              <tr>
                <th scope="col" className="py-2 pr-3 font-medium">{t`Vehicle`}</th>
                <th scope="col" className="px-2 py-2 text-right font-medium">{t`Last 30 days`}</th>
                <th scope="col" className="px-2 py-2 text-right font-medium">{t`Last 90 days`}</th>
                <th scope="col" className="px-2 py-2 text-right font-medium">{t`Last 365 days`}</th>
                <th scope="col" className="px-2 py-2 text-right font-medium">{t`Next 30 days`}</th>
                <th scope="col" className="hidden py-2 pl-3 font-medium sm:table-cell">
                  {t`Next 60 days`}
                </th>
              </tr>
            </thead>
            <tbody>
              {data.vehicles.map((v) => {
                const strip = <Strip vehicle={v} onOpen={() => onOpenCalendar({ id: v.id, make: v.name, model: '' })} />;
                return (
                  <Fragment key={v.id}>
                    <tr className="border-t border-slate-100">
                      <th scope="row" className="py-2 pr-3 font-medium text-slate-900">
                        {v.name}
                      </th>
                      <td className="px-2 py-2 text-right">{percent(v.occupancy.last30)}</td>
                      <td className="px-2 py-2 text-right">{percent(v.occupancy.last90)}</td>
                      <td className="px-2 py-2 text-right">{percent(v.occupancy.last365)}</td>
                      <td className="px-2 py-2 text-right">{percent(v.occupancy.next30)}</td>
                      <td className="hidden py-2 pl-3 sm:table-cell">{strip}</td>
                    </tr>
                    {/* A phone has no room for a sixth column: the strip takes a row of its own, full width. */}
                    <tr className="sm:hidden">
                      <td colSpan={5} className="pb-3">
                        {strip}
                      </td>
                    </tr>
                  </Fragment>
                );
              })}
            </tbody>
          </table>
        </div>
      </section>

      <Cancellations figures={data.cancellations} />

      <div className="grid grid-cols-1 gap-4 xl:grid-cols-2">
        <section aria-labelledby="upcoming-heading" className="rounded-card border border-slate-200 bg-white p-4">
          <h2 id="upcoming-heading" className="text-base font-semibold text-slate-900">
            {t`Next pick-ups and returns`}
          </h2>
          {data.upcoming.length === 0 ? (
            <p className="mt-2 text-sm text-slate-600">{t`No rentals are coming up.`}</p>
          ) : (
            <ul className="mt-2 divide-y divide-slate-100">
              {data.upcoming.map((u) => (
                <li key={`${u.kind}-${u.rentalId}`} className="flex flex-wrap justify-between gap-x-3 py-2 text-sm">
                  <span className="font-medium text-slate-900">
                    {u.kind === 'pickup' ? t`Pick-up` : t`Return`}: {names.get(u.vehicleId) ?? u.vehicleName}
                  </span>
                  <span className="text-slate-700">
                    {format.longDate(u.date)} · {u.renterName}
                  </span>
                </li>
              ))}
            </ul>
          )}
        </section>
        {ratings.length > 0 ? (
          <Lines
            title={t`Average rating by month`}
            xLabel={t`Month`}
            data={ratings}
            series={vehicleSeries}
            domain={[1, 5]}
            format={(v) => format.number(v, { maximumFractionDigits: 1 })}
          />
        ) : (
          <section className="rounded-card border border-slate-200 bg-white p-4">
            <h2 className="text-base font-semibold text-slate-900">{t`Average rating by month`}</h2>
            <p className="mt-2 text-sm text-slate-600">{t`No reviews in this period.`}</p>
          </section>
        )}
      </div>
    </>
  );
}

/** The coming 60 days of a vehicle, booked, blocked or free; opens its availability calendar. */
function Strip({ vehicle, onOpen }: { vehicle: Figures['vehicles'][number]; onOpen: () => void }) {
  const { t } = useLingui();
  const booked = [...vehicle.strip].filter((c) => c === 'b').length;
  const blocked = [...vehicle.strip].filter((c) => c === 'x').length;
  return (
    <button
      type="button"
      onClick={onOpen}
      className="flex h-5 w-full overflow-hidden rounded-sm border border-slate-300 focus-visible:outline-2 focus-visible:outline-accent-600 sm:w-60"
      aria-label={t`Availability of ${vehicle.name}: ${booked} days booked and ${blocked} blocked in the next 60 days. Open the calendar`}
    >
      {[...vehicle.strip].map((c, i) => (
        <span key={i} className={`h-full flex-1 ${c === 'b' ? 'bg-[#0072B2]' : c === 'x' ? 'bg-[#D55E00]' : 'bg-white'}`} />
      ))}
    </button>
  );
}

/** Bookings made in the period and what became of them: cancelled (by whom), refunds, declined and expired requests. */
function Cancellations({ figures }: { figures: Figures['cancellations'] }) {
  const { t } = useLingui();
  const format = useFormat();
  const percent = (share: number) => format.number(share, { style: 'percent', maximumFractionDigits: 1 });
  const cancelled = format.count(figures.cancelled);
  const ownerShare = percent(figures.ownerRate);
  const bookings = figures.bookings;
  const items: { label: string; value: string; note?: string }[] = [
    {
      label: t`Cancellation rate`,
      value: percent(figures.rate),
      note: t`${cancelled} of ${plural(bookings, { one: '# booking made in the period', other: '# bookings made in the period' })}`,
    },
    { label: t`Cancelled by renters`, value: format.count(figures.byRenter) },
    { label: t`Cancelled by you`, value: format.count(figures.byOwner), note: t`${ownerShare} of bookings` },
    { label: t`Cancelled automatically`, value: format.count(figures.bySystem) },
    { label: t`Refunded to renters`, value: format.money(figures.refundedCents / 100) },
    { label: t`Requests you declined`, value: format.count(figures.declined) },
    { label: t`Requests that expired unanswered`, value: format.count(figures.expired) },
  ];
  return (
    <section aria-labelledby="cancellations-heading" className="rounded-card border border-slate-200 bg-white p-4">
      <h2 id="cancellations-heading" className="text-base font-semibold text-slate-900">
        {t`Cancellations`}
      </h2>
      <p className="mt-1 text-sm text-slate-600">{t`Bookings of your vehicles made in the period, and what became of them.`}</p>
      <dl className="mt-3 grid grid-cols-2 gap-x-4 gap-y-3 sm:grid-cols-4">
        {items.map((item) => (
          <div key={item.label} className="min-w-0">
            <dt className="text-sm text-slate-600">{item.label}</dt>
            <dd className="mt-0.5 text-xl font-semibold text-slate-900">{item.value}</dd>
            {item.note && <dd className="text-sm text-slate-700">{item.note}</dd>}
          </div>
        ))}
      </dl>
    </section>
  );
}
