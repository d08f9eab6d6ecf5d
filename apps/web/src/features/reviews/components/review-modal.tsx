import { Trans, useLingui } from '@lingui/react/macro';
import '../../../i18n/more-messages';
import { useState, type FormEvent } from 'react';
import { AddReviewRequestSchema, REVIEW_COMMENT_MAX } from '@rentdrive/contracts/reviews';
import { Button } from '../../../components/ui/button';
import { useErrorModal } from '../../../components/ui/error-modal-provider';
import { TextArea } from '../../../components/ui/form-fields';
import { Modal } from '../../../components/ui/modal';
import { useAddReview } from '../api/add-review';
import { StarRatingInput } from './star-rating-input';

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
  const [stars, setStars] = useState(0);
  const [comment, setComment] = useState('');
  const [errors, setErrors] = useState<{ starRating?: string; comment?: string }>({});
  const addReview = useAddReview();
  const { showError } = useErrorModal();

  function close() {
    if (addReview.isPending) return;
    setStars(0);
    setComment('');
    setErrors({});
    onClose();
  }

  function handleSubmit(event: FormEvent) {
    event.preventDefault();
    if (!target) return;
    const parsed = AddReviewRequestSchema.safeParse({ rentalId: target.rentalId, starRating: stars, comment });
    if (!parsed.success) {
      const next: typeof errors = {};
      for (const issue of parsed.error.issues) {
        const field = issue.path[0];
        if ((field === 'starRating' || field === 'comment') && !next[field]) next[field] = issue.message;
      }
      setErrors(next);
      return;
    }
    addReview.mutate(
      { rentalId: target.rentalId, starRating: stars, comment: parsed.data.comment },
      {
        onSuccess: () => {
          onReviewed(stars);
          setStars(0);
          setComment('');
          setErrors({});
          onClose();
        },
        // A refused review goes to the common error modal.
        onError: (error) => {
          onClose();
          showError(error);
        },
      },
    );
  }

  return (
    <Modal
      open={target !== null}
      onOpenChange={(open) => !open && close()}
      title={t`Leave a Review`}
      description={target ? t`How was your rental of the ${target.vehicleName}?` : undefined}
      size="md"
      footer={
        <>
          <Button variant="secondary" onClick={close} disabled={addReview.isPending}>
            <Trans>Cancel</Trans>
          </Button>
          <Button type="submit" form="review-form" isLoading={addReview.isPending} loadingText={t`Submitting...`}>
            <Trans>Submit Review</Trans>
          </Button>
        </>
      }
    >
      <form id="review-form" noValidate onSubmit={handleSubmit} className="flex flex-col gap-4">
        <StarRatingInput
          value={stars}
          onChange={(value) => {
            setStars(value);
            setErrors((e) => ({ ...e, starRating: undefined }));
          }}
          error={errors.starRating}
        />
        <TextArea
          label={t`Comment (optional)`}
          value={comment}
          maxLength={REVIEW_COMMENT_MAX}
          onChange={(event) => setComment(event.target.value)}
          hint={t`${comment.length} / ${REVIEW_COMMENT_MAX} characters`}
          error={errors.comment}
        />
      </form>
    </Modal>
  );
}
