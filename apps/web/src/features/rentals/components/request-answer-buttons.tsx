import { Trans, useLingui } from '@lingui/react/macro';
import '../../../i18n/more-messages';
import type { VehicleBooking } from '@rentdrive/contracts/rentals';
import { Button } from '../../../components/ui/button';
import { useErrorModal } from '../../../components/ui/error-modal-provider';
import { useToast } from '../../../components/ui/toast';
import { useAnswerRequest } from '../api/booking-rules';

/** The owner's answer to a booking request (issue 27): accept makes it a rental, decline gives the renter everything back. */
export function RequestAnswerButtons({ booking, vehicleId }: { booking: VehicleBooking; vehicleId: string }) {
  const { t } = useLingui();
  const toast = useToast();
  const { showError } = useErrorModal();
  const answer = useAnswerRequest(vehicleId);
  const renter = booking.username;
  const busy = answer.isPending ? answer.variables?.answer : undefined;
  const send = (kind: 'accept' | 'decline') =>
    answer.mutate(
      { rentalId: booking.id, answer: kind },
      {
        onSuccess: () => toast.success(kind === 'accept' ? t`Request of ${renter} accepted.` : t`Request of ${renter} declined.`),
        onError: showError,
      },
    );
  return (
    <div className="flex flex-wrap gap-2">
      <Button
        size="sm"
        onClick={() => send('accept')}
        isLoading={busy === 'accept'}
        disabled={answer.isPending}
        aria-label={t`Accept the request of ${renter}`}
      >
        <Trans>Accept</Trans>
      </Button>
      <Button
        size="sm"
        variant="danger-outline"
        onClick={() => send('decline')}
        isLoading={busy === 'decline'}
        disabled={answer.isPending}
        aria-label={t`Decline the request of ${renter}`}
      >
        <Trans>Decline</Trans>
      </Button>
    </div>
  );
}
