import { Trans, useLingui } from '@lingui/react/macro';
import '../../../i18n/more-messages';
import { useErrorModal } from '../../../components/ui/error-modal-provider';
import { useAddReview } from '../api/add-review';
import { StarCommentModal } from './star-comment-modal';

export interface ReviewTarget {
  rentalId: string;
  vehicleName: string;
}

export interface ReviewModalProps {
  target: ReviewTarget | null;
  onClose: () => void;
  onReviewed: (stars: number) => void;
}

/** Leave a Review: 1 to 5 stars and an optional comment (at most 500 characters). */
export function ReviewModal({ target, onClose, onReviewed }: ReviewModalProps) {
  const { t } = useLingui();
  const addReview = useAddReview();
  const { showError } = useErrorModal();
  return (
    <StarCommentModal
      open={target !== null}
      onClose={onClose}
      title={t`Leave a Review`}
      description={target ? t`How was your rental of the ${target.vehicleName}?` : undefined}
      formId="review-form"
      submitLabel={<Trans>Submit Review</Trans>}
      isPending={addReview.isPending}
      onSubmit={(score) => {
        if (!target) return;
        addReview.mutate(
          { rentalId: target.rentalId, ...score },
          {
            onSuccess: () => {
              onReviewed(score.starRating);
              onClose();
            },
            // A refused review goes to the common error modal.
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
