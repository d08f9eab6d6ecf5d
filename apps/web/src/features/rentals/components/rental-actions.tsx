import { Trans, useLingui } from '@lingui/react/macro';
import '../../../i18n/more-messages';
import type { MyRental } from '@rentdrive/contracts/rentals';
import { Button } from '../../../components/ui/button';
import { useFormat } from '../../../i18n/format';
import { shortDay } from '../lib/format';

export interface RentalActionHandlers {
  onConfirm: (rental: MyRental) => void;
  onReview: (rental: MyRental) => void;
  onCancel: (rental: MyRental) => void;
}

/**
 * Confirm Rental when confirmable, Leave a Review when completed and not yet
 * reviewed, Cancel when cancellable. Names include the vehicle so each button says what it acts on.
 */
export function RentalActions({
  rental,
  isBusy,
  onConfirm,
  onReview,
  onCancel,
}: RentalActionHandlers & { rental: MyRental; isBusy: boolean }) {
  const { t } = useLingui();
  const format = useFormat();
  const vehicle = `${rental.vehicleMake} ${rental.vehicleModel}`;
  const canReview = rental.isCompleted && !rental.hasReviewedVehicle;
  const canCancel = rental.isCancellable && !rental.isCancelled;
  if (!rental.isConfirmable && !canReview && !canCancel) {
    // An Active rental that has started: cancelling ended with its first day, so say so.
    const started = shortDay(rental.startDate, format);
    if (rental.status === 'Active')
      return <span className="text-sm text-slate-600">{t`Started ${started}: can no longer be cancelled`}</span>;
    // Issue 27: a review waits for the owner's rating of the renter (double-blind), 14 days at most.
    if (rental.hasReviewedVehicle && rental.reviewPublishesOn) {
      const on = shortDay(rental.reviewPublishesOn, format);
      return (
        <span className="text-sm text-slate-600" data-testid="review-waiting">
          {t`Your review is published when the owner has rated you too, or on ${on}.`}
        </span>
      );
    }
    return <span className="text-slate-500">—</span>;
  }
  return (
    <div className="flex flex-wrap justify-end gap-2 unstacked:justify-start">
      {rental.isConfirmable && (
        <Button size="sm" onClick={() => onConfirm(rental)} isLoading={isBusy} aria-label={t`Confirm Rental of ${vehicle}`}>
          <Trans>Confirm Rental</Trans>
        </Button>
      )}
      {canReview && (
        <Button size="sm" variant="secondary" onClick={() => onReview(rental)} aria-label={t`Leave a Review for ${vehicle}`}>
          <Trans>Leave a Review</Trans>
        </Button>
      )}
      {canCancel && (
        <Button
          size="sm"
          variant="danger-outline"
          onClick={() => onCancel(rental)}
          disabled={isBusy}
          aria-label={t`Cancel rental of ${vehicle}`}
        >
          <Trans>Cancel</Trans>
        </Button>
      )}
    </div>
  );
}
