import { Trans, useLingui } from '@lingui/react/macro';
import '../../../i18n/more-messages';
import { useState, type FormEvent } from 'react';
import { REVIEW_COMMENT_MAX } from '@rentdrive/contracts/reviews';
import { RenterReviewRequestSchema } from '@rentdrive/contracts/owner-bookings';
import { Button } from '../../../components/ui/button';
import { useErrorModal } from '../../../components/ui/error-modal-provider';
import { TextArea } from '../../../components/ui/form-fields';
import { Modal } from '../../../components/ui/modal';
import { useRateRenter } from '../api/rate-renter';
import { StarRatingInput } from './star-rating-input';

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
  const [stars, setStars] = useState(0);
  const [comment, setComment] = useState('');
  const [errors, setErrors] = useState<{ starRating?: string; comment?: string }>({});
  const rate = useRateRenter();
  const { showError } = useErrorModal();

  function reset() {
    setStars(0);
    setComment('');
    setErrors({});
  }

  function close() {
    if (rate.isPending) return;
    reset();
    onClose();
  }

  function handleSubmit(event: FormEvent) {
    event.preventDefault();
    if (!target) return;
    const parsed = RenterReviewRequestSchema.safeParse({ starRating: stars, comment });
    if (!parsed.success) {
      const next: typeof errors = {};
      for (const issue of parsed.error.issues) {
        const field = issue.path[0];
        if ((field === 'starRating' || field === 'comment') && !next[field]) next[field] = issue.message;
      }
      setErrors(next);
      return;
    }
    rate.mutate(
      { rentalId: target.rentalId, starRating: stars, comment: parsed.data.comment },
      {
        onSuccess: (review) => {
          onRated({ published: review.publishedOn !== null });
          reset();
          onClose();
        },
        onError: (error) => {
          onClose();
          showError(error);
        },
      },
    );
  }

  const renter = target?.renterName ?? '';
  return (
    <Modal
      open={target !== null}
      onOpenChange={(open) => !open && close()}
      title={t`Rate renter`}
      description={
        target
          ? t`How was renting to ${renter}? Your rating is published when ${renter} has reviewed the rental too, or 14 days after it ended.`
          : undefined
      }
      size="md"
      footer={
        <>
          <Button variant="secondary" onClick={close} disabled={rate.isPending}>
            <Trans>Cancel</Trans>
          </Button>
          <Button type="submit" form="rate-renter-form" isLoading={rate.isPending} loadingText={t`Submitting...`}>
            <Trans>Submit rating</Trans>
          </Button>
        </>
      }
    >
      <form id="rate-renter-form" noValidate onSubmit={handleSubmit} className="flex flex-col gap-4">
        <StarRatingInput
          value={stars}
          legend={t`Rating of the renter`}
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
