import { Trans, useLingui } from '@lingui/react/macro';
import '../../../i18n/more-messages';
import { useState, type FormEvent, type ReactNode } from 'react';
import { REVIEW_COMMENT_MAX, ReviewScoreSchema } from '@rentdrive/contracts/reviews';
import { Button } from '../../../components/ui/button';
import { TextArea } from '../../../components/ui/form-fields';
import { Modal } from '../../../components/ui/modal';
import { StarRatingInput } from './star-rating-input';

/** What the form sends: 1 to 5 stars and the comment (null when left empty). */
export interface StarComment {
  starRating: number;
  comment: string | null;
}

export interface StarCommentModalProps {
  open: boolean;
  onClose: () => void;
  title: string;
  description?: ReactNode;
  /** The stars' group label; the star input's own default when left out. */
  legend?: string;
  submitLabel: ReactNode;
  /** The id that ties the footer's submit button to the form. */
  formId: string;
  /** The request is running: the buttons wait and the dialog stays open. */
  isPending: boolean;
  /** Called with valid stars and comment only (checked with the API's ReviewScoreSchema first). */
  onSubmit: (score: StarComment) => void;
}

/**
 * The star-and-comment dialog both reviews use (duplicate D2): the renter's review of the vehicle
 * and the owner's rating of the renter. The form's state lives in the dialog's content, so it starts
 * empty each time the dialog opens.
 */
export function StarCommentModal({
  open,
  onClose,
  title,
  description,
  legend,
  submitLabel,
  formId,
  isPending,
  onSubmit,
}: StarCommentModalProps) {
  const { t } = useLingui();
  function close() {
    if (!isPending) onClose();
  }
  return (
    <Modal
      open={open}
      onOpenChange={(next) => !next && close()}
      title={title}
      description={description}
      size="md"
      footer={
        <>
          <Button variant="secondary" onClick={close} disabled={isPending}>
            <Trans>Cancel</Trans>
          </Button>
          <Button type="submit" form={formId} isLoading={isPending} loadingText={t`Submitting...`}>
            {submitLabel}
          </Button>
        </>
      }
    >
      <StarCommentForm id={formId} legend={legend} onSubmit={onSubmit} />
    </Modal>
  );
}

function StarCommentForm({ id, legend, onSubmit }: { id: string; legend?: string; onSubmit: (score: StarComment) => void }) {
  const { t } = useLingui();
  const [stars, setStars] = useState(0);
  const [comment, setComment] = useState('');
  const [errors, setErrors] = useState<{ starRating?: string; comment?: string }>({});

  function handleSubmit(event: FormEvent) {
    event.preventDefault();
    const parsed = ReviewScoreSchema.safeParse({ starRating: stars, comment });
    if (!parsed.success) {
      const next: typeof errors = {};
      for (const issue of parsed.error.issues) {
        const field = issue.path[0];
        if ((field === 'starRating' || field === 'comment') && !next[field]) next[field] = issue.message;
      }
      setErrors(next);
      return;
    }
    onSubmit({ starRating: parsed.data.starRating, comment: parsed.data.comment ?? null });
  }

  return (
    <form id={id} noValidate onSubmit={handleSubmit} className="flex flex-col gap-4">
      <StarRatingInput
        value={stars}
        legend={legend}
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
  );
}
