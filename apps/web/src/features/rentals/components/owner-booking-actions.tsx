import { Trans, useLingui } from '@lingui/react/macro';
import '../../../i18n/more-messages';
import { useState } from 'react';
import type { VehicleBooking } from '@rentdrive/contracts/rentals';
import { Button } from '../../../components/ui/button';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { useErrorModal } from '../../../components/ui/error-modal-provider';
import { useToast } from '../../../components/ui/toast';
import { useFormat } from '../../../i18n/format';
import { useOwnerCancel } from '../api/owner-bookings';
import { shortDay } from '../lib/format';

/**
 * The owner's actions on one booking (issue 27): 'Cancel booking' for an accepted booking that has not
 * started (a confirm dialog says the renter gets everything back), 'Rate renter' for a completed one,
 * and the owner's own rating while it waits for publication.
 */
export function OwnerBookingActions({
  booking,
  vehicleId,
  onRateRenter,
}: {
  booking: VehicleBooking;
  vehicleId: string;
  onRateRenter?: (booking: VehicleBooking) => void;
}) {
  const { t } = useLingui();
  const format = useFormat();
  const toast = useToast();
  const { showError } = useErrorModal();
  const cancel = useOwnerCancel(vehicleId);
  const [isConfirming, setConfirming] = useState(false);
  const renter = booking.username;
  const total = format.money(booking.totalPrice);
  const review = booking.renterReview;

  function handleCancel() {
    cancel.mutate(booking.id, {
      onSuccess: () => toast.success(t`Booking of ${renter} cancelled. Everything they paid is back in their wallet.`),
      onError: showError,
      onSettled: () => setConfirming(false),
    });
  }

  return (
    <>
      {booking.isOwnerCancellable && (
        <Button size="sm" variant="danger-outline" onClick={() => setConfirming(true)} aria-label={t`Cancel the booking of ${renter}`}>
          <Trans>Cancel booking</Trans>
        </Button>
      )}
      {booking.canRateRenter && onRateRenter && (
        <Button size="sm" variant="secondary" onClick={() => onRateRenter(booking)} aria-label={t`Rate renter ${renter}`}>
          <Trans>Rate renter</Trans>
        </Button>
      )}
      {review && (
        <p className="text-xs text-slate-600" data-testid="my-renter-rating">
          {review.publishedOn
            ? t`Your rating: ${review.starRating} of 5 stars (published).`
            : t`Your rating: ${review.starRating} of 5 stars. Published when ${renter} has reviewed the rental too, or on ${shortDay(review.publishesBy, format)}.`}
        </p>
      )}
      <ConfirmDialog
        open={isConfirming}
        onOpenChange={(open) => !open && !cancel.isPending && setConfirming(false)}
        title={t`Cancel this booking?`}
        description={t`${renter} gets everything back: the ${total} paid and any deposit, at once. The booked days become free again.`}
        confirmLabel={t`Cancel booking`}
        cancelLabel={t`Keep booking`}
        variant="danger"
        isLoading={cancel.isPending}
        onConfirm={handleCancel}
      >
        <p className="text-sm text-slate-700">
          <Trans>Your profile shows renters how many bookings you cancelled in the last 12 months.</Trans>
        </p>
      </ConfirmDialog>
    </>
  );
}

/** '★ 4.5 (3 ratings)' from owners, or 'No ratings yet'. */
export function RenterRating({ rating }: { rating: VehicleBooking['renterRating'] }) {
  const { t } = useLingui();
  if (!rating) return <span className="text-xs text-slate-600">{t`No ratings yet`}</span>;
  const average = rating.average.toFixed(1);
  const count = rating.count;
  return (
    <span className="text-xs text-slate-700" data-testid="renter-rating">
      <span aria-hidden="true" className="text-amber-500">
        ★{' '}
      </span>
      {count === 1 ? t`${average} of 5 from 1 owner` : t`${average} of 5 from ${count} owners`}
    </span>
  );
}
