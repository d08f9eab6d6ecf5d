import { useState } from 'react';
import { Link } from 'react-router';
import type { MyRental } from '@rentdrive/contracts/rentals';
import { errorMessage } from '../../../lib/api-client';
import { buttonClasses } from '../../../components/ui/button';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { EmptyState } from '../../../components/ui/empty-state';
import { useErrorModal } from '../../../components/ui/error-modal-provider';
import { ErrorState } from '../../../components/ui/error-state';
import { LoadingText } from '../../../components/ui/loading-text';
import { formatMoney } from '../../../components/ui/money';
import { useToast } from '../../../components/ui/toast';
import { useCancelRental } from '../api/cancel-rental';
import { useConfirmRental } from '../api/confirm-rental';
import { useMyRentals } from '../api/get-my-rentals';
import { MyRentalsTable } from './my-rentals-table';

export const NO_RENTALS_TEXT = "You haven't rented any vehicles yet.";

/** My Rentals with its actions; reviewing is handed to the screen (it lives in the reviews feature). */
export function MyRentals({ onReview }: { onReview: (rental: MyRental) => void }) {
  const rentals = useMyRentals();
  const confirm = useConfirmRental();
  const cancel = useCancelRental();
  const { showError } = useErrorModal();
  const toast = useToast();
  const [toCancel, setToCancel] = useState<MyRental | null>(null);
  const [toConfirm, setToConfirm] = useState<MyRental | null>(null);
  const busyRentalId = confirm.isPending ? (confirm.variables ?? null) : cancel.isPending ? (cancel.variables ?? null) : null;

  function handleConfirmConfirmed() {
    if (!toConfirm) return;
    const rental = toConfirm;
    confirm.mutate(rental.id, {
      onSuccess: () => toast.success(`Rental of ${rental.vehicleMake} ${rental.vehicleModel} confirmed.`),
      // Server refusals of confirm/cancel go to the common error modal.
      onError: showError,
      onSettled: () => setToConfirm(null),
    });
  }

  function handleCancelConfirmed() {
    if (!toCancel) return;
    const rental = toCancel;
    cancel.mutate(rental.id, {
      onSuccess: () => toast.success(`Rental cancelled. ${formatMoney(rental.totalPrice)} refunded to your wallet.`),
      onError: showError,
      onSettled: () => setToCancel(null),
    });
  }

  if (rentals.isPending) return <LoadingText what="Rentals" />;
  if (rentals.isError) {
    return (
      <ErrorState
        message={`Error: ${errorMessage(rentals.error)}`}
        onRetry={() => void rentals.refetch()}
        isRetrying={rentals.isFetching}
      />
    );
  }
  return (
    <>
      {rentals.data.length === 0 ? (
        <EmptyState
          message={NO_RENTALS_TEXT}
          action={
            <Link to="/listing" className={buttonClasses('primary', 'md')}>
              Find a vehicle
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
        title="Confirm this rental?"
        description={
          toConfirm
            ? `${toConfirm.vehicleMake} ${toConfirm.vehicleModel}: the rental is completed and the owner is paid ${formatMoney(toConfirm.totalPrice)}. This cannot be undone.`
            : undefined
        }
        confirmLabel="Confirm Rental"
        cancelLabel="Not Yet"
        isLoading={confirm.isPending}
        onConfirm={handleConfirmConfirmed}
      />
      <ConfirmDialog
        open={toCancel !== null}
        onOpenChange={(open) => !open && setToCancel(null)}
        title="Cancel this rental?"
        description={
          toCancel
            ? `${toCancel.vehicleMake} ${toCancel.vehicleModel}, the booked days become free again. You will get a full refund of ${formatMoney(toCancel.totalPrice)} to your wallet.`
            : undefined
        }
        confirmLabel="Cancel Rental"
        cancelLabel="Keep Rental"
        variant="danger"
        isLoading={cancel.isPending}
        onConfirm={handleCancelConfirmed}
      />
    </>
  );
}
