import { Trans, useLingui } from '@lingui/react/macro';
import '../../../i18n/more-messages';
import { useErrorModal } from '../../../components/ui/error-modal-provider';
import { useRateRenter } from '../api/rate-renter';
import { StarCommentModal } from './star-comment-modal';

export interface RateRenterTarget {
  rentalId: string;
  renterName: string;
}

export interface RateRenterModalProps {
  target: RateRenterTarget | null;
  onClose: () => void;
  onRated: (result: { published: boolean }) => void;
}

/** Rate renter (issue 27): the owner gives the renter of a completed rental 1 to 5 stars and an optional comment. */
export function RateRenterModal({ target, onClose, onRated }: RateRenterModalProps) {
  const { t } = useLingui();
  const rate = useRateRenter();
  const { showError } = useErrorModal();
  const renter = target?.renterName ?? '';
  return (
    <StarCommentModal
      open={target !== null}
      onClose={onClose}
      title={t`Rate renter`}
      description={
        target
          ? t`How was renting to ${renter}? Your rating is published when ${renter} has reviewed the rental too, or 14 days after it ended.`
          : undefined
      }
      legend={t`Rating of the renter`}
      formId="rate-renter-form"
      submitLabel={<Trans>Submit rating</Trans>}
      isPending={rate.isPending}
      onSubmit={(score) => {
        if (!target) return;
        rate.mutate(
          { rentalId: target.rentalId, ...score },
          {
            onSuccess: (review) => {
              onRated({ published: review.publishedOn !== null });
              onClose();
            },
            onError: (error) => {
              onClose();
              showError(error);
            },
          },
        );
      }}
    />
  );
}
