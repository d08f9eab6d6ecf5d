import { Trans, useLingui } from '@lingui/react/macro';
import '../../../i18n/vehicle-messages';
import type { VehicleDetail } from '@rentdrive/contracts/vehicles';
import { withUnit } from '../../../lib/unit-label';
import { DetailCard } from './vehicle-info-card';

function BooleanValue({ value }: { value: boolean }) {
  return value ? (
    <span className="inline-flex items-center gap-1 font-medium text-money-in">
      <svg viewBox="0 0 20 20" className="size-5" fill="currentColor" aria-hidden="true">
        <path d="M16.7 5.3a1 1 0 0 1 0 1.4l-8 8a1 1 0 0 1-1.4 0l-4-4a1 1 0 1 1 1.4-1.4L8 12.6l7.3-7.3a1 1 0 0 1 1.4 0Z" />
      </svg>
      <span className="sr-only">
        <Trans>Yes</Trans>
      </span>
    </span>
  ) : (
    <span className="inline-flex items-center gap-1 font-medium text-danger">
      <svg viewBox="0 0 20 20" className="size-5" fill="currentColor" aria-hidden="true">
        <path d="M5.3 5.3a1 1 0 0 1 1.4 0L10 8.6l3.3-3.3a1 1 0 1 1 1.4 1.4L11.4 10l3.3 3.3a1 1 0 0 1-1.4 1.4L10 11.4l-3.3 3.3a1 1 0 0 1-1.4-1.4L8.6 10 5.3 6.7a1 1 0 0 1 0-1.4Z" />
      </svg>
      <span className="sr-only">
        <Trans>No</Trans>
      </span>
    </span>
  );
}

/** Details: the type's properties; true a check, false a cross, the unit unless 'None'. */
export function VehiclePropertiesCard({ properties }: { properties: VehicleDetail['vehicleProperties'] }) {
  const { t } = useLingui();
  if (properties.length === 0) return null;
  return (
    <DetailCard title={t`Details`}>
      <dl className="grid grid-cols-1 gap-x-6 gap-y-3 sm:grid-cols-2">
        {properties.map((p) => {
          const lower = p.vehicleTypePropertyValue.toLowerCase();
          const isBoolean = lower === 'true' || lower === 'false';
          return (
            <div key={p.vehicleTypePropertyName} className="flex items-center justify-between gap-4 border-b border-slate-100 pb-2">
              <dt className="text-sm text-slate-600">{p.vehicleTypePropertyName}</dt>
              <dd className="text-right font-medium text-slate-900">
                {isBoolean ? <BooleanValue value={lower === 'true'} /> : withUnit(p.vehicleTypePropertyValue, p.unitOfMeasurement)}
              </dd>
            </div>
          );
        })}
      </dl>
    </DetailCard>
  );
}
