import { Trans, useLingui } from '@lingui/react/macro';
import type { ReactNode } from 'react';
import type { VehicleDetail } from '@rentdrive/contracts/vehicles';
import { fuelName } from '../../../lib/fuel-name';

/** Vehicle Information: Property of, Type 'type - category', Year, Color, Fuel, Weight in kg. */
export function VehicleInfoCard({ vehicle }: { vehicle: VehicleDetail }) {
  const { t, i18n } = useLingui();
  const ownerLabel = t`Property of`;
  const rows: [string, string][] = [
    [ownerLabel, vehicle.ownerName],
    [t`Type`, `${vehicle.vehicleType} - ${vehicle.vehicleTypeCategory}`],
    [t`Year`, vehicle.dateOfProduction.slice(0, 4)],
    [t`Color`, vehicle.color],
    [t`Fuel`, fuelName(i18n, vehicle.fuelType)],
    [t`Weight`, `${vehicle.curbWeightInKg} kg`],
  ];
  return (
    <DetailCard title={t`Vehicle Information`}>
      <dl className="grid grid-cols-1 gap-x-6 gap-y-3 sm:grid-cols-2">
        {rows.map(([label, value]) => (
          <div key={label} className="flex justify-between gap-4 border-b border-slate-100 pb-2 sm:block sm:border-0 sm:pb-0">
            <dt className="text-sm text-slate-600">{label}</dt>
            <dd className="text-right font-medium text-slate-900 sm:text-left">
              {value}
              {label === ownerLabel && vehicle.isCompanyProperty && (
                <span className="ml-2 rounded-full bg-accent-50 px-2 py-0.5 text-xs font-medium text-accent-800">
                  <Trans>Company</Trans>
                </span>
              )}
            </dd>
          </div>
        ))}
      </dl>
    </DetailCard>
  );
}

export function DetailCard({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section
      className="rounded-card border border-slate-200 bg-white p-4 shadow-sm sm:p-6"
      aria-labelledby={`card-${title.replace(/\s+/g, '-').toLowerCase()}`}
    >
      <h2 id={`card-${title.replace(/\s+/g, '-').toLowerCase()}`} className="mb-4 text-lg font-semibold text-slate-900">
        {title}
      </h2>
      {children}
    </section>
  );
}
