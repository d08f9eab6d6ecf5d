import { Trans, useLingui } from '@lingui/react/macro';
import type { VehicleDetail } from '@rentdrive/contracts/vehicles';
import { Stars } from '../../../components/ui/stars';
import { useFormat } from '../../../i18n/format';
import { DetailCard } from './vehicle-info-card';

/** 'User Reviews': username, stars with half stars, the day it was written, comment. */
export function VehicleReviews({ reviews }: { reviews: VehicleDetail['vehicleReviews'] }) {
  const { t } = useLingui();
  const format = useFormat();
  return (
    <DetailCard title={t`User Reviews`}>
      {reviews.length === 0 ? (
        <p className="text-sm text-slate-600">
          <Trans>This vehicle hasn&apos;t been reviewed yet.</Trans>
        </p>
      ) : (
        <ul className="flex flex-col divide-y divide-slate-100">
          {reviews.map((review, i) => (
            <li key={`${review.username}-${i}`} className="flex flex-col gap-1 py-3 first:pt-0 last:pb-0">
              <div className="flex flex-wrap items-center gap-x-3 gap-y-1">
                <span
                  className="grid size-8 place-items-center rounded-full bg-accent-100 text-sm font-semibold text-accent-800"
                  aria-hidden="true"
                >
                  {review.username.charAt(0).toUpperCase()}
                </span>
                <span className="font-medium text-slate-900">{review.username}</span>
                <Stars rating={review.starRating} />
                <time dateTime={review.createdOn} className="text-sm text-slate-600">
                  {format.longDate(review.createdOn)}
                </time>
              </div>
              {review.comment && <p className="pl-11 text-sm text-slate-700">{review.comment}</p>}
            </li>
          ))}
        </ul>
      )}
    </DetailCard>
  );
}
