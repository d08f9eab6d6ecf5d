import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import '../../../i18n/more-messages';
import { useState } from 'react';
import { Link } from 'react-router';
import type { MyRental } from '@rentdrive/contracts/rentals';
import { buttonClasses } from '../../../components/ui/button';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { EmptyState } from '../../../components/ui/empty-state';
import { useErrorModal } from '../../../components/ui/error-modal-provider';
import { ErrorState } from '../../../components/ui/error-state';
import { LoadingText } from '../../../components/ui/loading-text';
import { useToast } from '../../../components/ui/toast';
import { useFormat } from '../../../i18n/format';
import { expectAnnounced, forgetAnnounced } from '../../../lib/announced-events';
import { errorMessage } from '../../../lib/api-client';
import { useCancelPreview } from '../api/booking-rules';
import { useCancelRental } from '../api/cancel-rental';
import { useConfirmRental } from '../api/confirm-rental';
import { useMyRentals } from '../api/get-my-rentals';
import { CancelRefundPreview } from './booking-terms';
import { MyRentalsTable } from './my-rentals-table';

export const NO_RENTALS_TEXT = "You haven't rented any vehicles yet.";
const NO_RENTALS = msg`You haven't rented any vehicles yet.`;

/** My Rentals with its actions; reviewing is handed to the screen (it lives in the reviews feature). */
export function MyRentals({ onReview }: { onReview: (rental: MyRental) => void }) {
  const { t, i18n } = useLingui();
  const format = useFormat();
  const formatMoney = format.money;
  const rentals = useMyRentals();
  const confirm = useConfirmRental();
  const cancel = useCancelRental();
  const { showError } = useErrorModal();
  const toast = useToast();
  const [toCancel, setToCancel] = useState<MyRental | null>(null);
  // The refund the dialog previews (the same query as its CancelRefundPreview): the toast writes it.
  const preview = useCancelPreview(toCancel?.id ?? null);
  const [toConfirm, setToConfirm] = useState<MyRental | null>(null);
  const busyRentalId = confirm.isPending ? (confirm.variables ?? null) : cancel.isPending ? (cancel.variables ?? null) : null;

  function handleConfirmConfirmed() {
    if (!toConfirm) return;
    const rental = toConfirm;
    confirm.mutate(rental.id, {
      onSuccess: () => toast.success(t`Rental of ${rental.vehicleMake} ${rental.vehicleModel} confirmed.`),
      // Server refusals of confirm/cancel go to the common error modal.
      onError: showError,
      onSettled: () => setToConfirm(null),
    });
  }

  function handleCancelConfirmed() {
    if (!toCancel) return;
    const rental = toCancel;
    const refund = preview.data?.refund;
    // One toast: the refund's live notification is not toasted again (lib/announced-events).
    expectAnnounced('refund');
    cancel.mutate(rental.id, {
      onSuccess: () =>
        toast.success(
          refund === undefined
            ? t`Rental cancelled. Your refund is in your wallet.`
            : t`Rental cancelled. ${formatMoney(refund)} refunded to your wallet.`,
        ),
      onError: (error) => {
        forgetAnnounced('refund');
        showError(error);
      },
      onSettled: () => setToCancel(null),
    });
  }

  if (rentals.isPending) return <LoadingText text={t`Loading Rentals...`} />;
  if (rentals.isError) {
    return (
      <ErrorState
        message={t`Error: ${errorMessage(rentals.error)}`}
        onRetry={() => void rentals.refetch()}
        isRetrying={rentals.isFetching}
      />
    );
  }
  return (
    <>
      {rentals.data.length === 0 ? (
        <EmptyState
          message={i18n._(NO_RENTALS)}
          action={
            <Link to="/listing" className={buttonClasses('primary', 'md')}>
              <Trans>Find a vehicle</Trans>
            </Link>
          }
        />
      ) : (
        <MyRentalsTable
          rentals={rentals.data}
          busyRentalId={busyRentalId}
          onConfirm={setToConfirm}
          onReview={onReview}
          onCancel={setToCancel}
        />
      )}
      <ConfirmDialog
        open={toConfirm !== null}
        onOpenChange={(open) => !open && setToConfirm(null)}
        title={t`Confirm this rental?`}
        description={
          toConfirm
            ? t`${toConfirm.vehicleMake} ${toConfirm.vehicleModel}: the rental is completed and the owner is paid ${formatMoney(toConfirm.totalPrice)}. This cannot be undone.`
            : undefined
        }
        confirmLabel={t`Confirm Rental`}
        cancelLabel={t`Not Yet`}
        isLoading={confirm.isPending}
        onConfirm={handleConfirmConfirmed}
      />
      <ConfirmDialog
        open={toCancel !== null}
        onOpenChange={(open) => !open && setToCancel(null)}
        title={t`Cancel this rental?`}
        description={toCancel ? t`${toCancel.vehicleMake} ${toCancel.vehicleModel}, the booked days become free again.` : undefined}
        confirmLabel={t`Cancel Rental`}
        cancelLabel={t`Keep Rental`}
        variant="danger"
        isLoading={cancel.isPending}
        onConfirm={handleCancelConfirmed}
      >
        {/* What the rental's policy gives back now, from the server (issue 27). */}
        {toCancel && <CancelRefundPreview rentalId={toCancel.id} />}
      </ConfirmDialog>
    </>
  );
}
