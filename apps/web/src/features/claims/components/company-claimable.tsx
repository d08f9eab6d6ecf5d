import { Trans, useLingui } from '@lingui/react/macro';
import '../../../i18n/more-messages';
import { Link } from 'react-router';
import { VehiclePaths } from '@rentdrive/contracts/paths';
import { EmptyState } from '../../../components/ui/empty-state';
import { ErrorState } from '../../../components/ui/error-state';
import { LoadingText } from '../../../components/ui/loading-text';
import { Money } from '../../../components/ui/money';
import { useFormat } from '../../../i18n/format';
import { errorMessage } from '../../../lib/api-client';
import { useCompanyClaimable } from '../api/claims';
import { ReportDamage } from './report-damage';

/**
 * Employees act as the owner of company vehicles (issue 27): their completed rentals whose deposit is
 * still held, each with 'Report damage' until the release. Once a claim is opened it leaves this list
 * for the open claims (another employee decides it).
 */
export function CompanyClaimable() {
  const { t } = useLingui();
  const format = useFormat();
  const rentals = useCompanyClaimable();
  if (rentals.isPending) return <LoadingText text={t`Loading company rentals...`} />;
  if (rentals.isError) {
    return (
      <ErrorState
        message={t`Error: ${errorMessage(rentals.error)}`}
        onRetry={() => void rentals.refetch()}
        isRetrying={rentals.isFetching}
      />
    );
  }
  if (rentals.data.length === 0) {
    return <EmptyState message={t`No completed rental of a company vehicle holds a deposit that can still be claimed.`} />;
  }
  return (
    <ul className="flex flex-col gap-3" aria-label={t`Company vehicles' rentals with a deposit held`}>
      {rentals.data.map((rental) => {
        const [start, end, until] = [format.longDate(rental.startDate), format.longDate(rental.endDate), format.dateTime(rental.openUntil)];
        const renter = rental.renterName;
        return (
          <li key={rental.rentalId}>
            <article
              aria-label={rental.vehicle}
              className="flex flex-col gap-3 rounded-card border border-slate-200 bg-white p-4 shadow-sm sm:flex-row sm:items-center sm:justify-between"
            >
              <div className="flex min-w-0 flex-col gap-1">
                <h2 className="text-base font-semibold text-slate-900">
                  <Link
                    to={VehiclePaths.detail(rental.vehicleId)}
                    className="rounded-control hover:text-accent-700 hover:underline focus-visible:outline-2 focus-visible:outline-accent-600"
                  >
                    {rental.vehicle}
                  </Link>
                </h2>
                <p className="text-sm text-slate-700">{t`Renter: ${renter} · ${start} – ${end}`}</p>
                <p className="text-sm text-slate-700">
                  <Trans>
                    Deposit held: <Money amount={rental.deposit} className="font-semibold" />, claimable until {until}
                  </Trans>
                </p>
              </div>
              <div className="shrink-0">
                <ReportDamage rentalId={rental.rentalId} vehicleName={rental.vehicle} />
              </div>
            </article>
          </li>
        );
      })}
    </ul>
  );
}
