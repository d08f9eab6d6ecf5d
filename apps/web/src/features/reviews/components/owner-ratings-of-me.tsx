import { plural } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import '../../../i18n/more-messages';
import { Button } from '../../../components/ui/button';
import { useFormat } from '../../../i18n/format';
import { useMyRenterReviews } from '../api/my-renter-reviews';

/**
 * On My Rentals, beside one completed rental (issue 27): the owner's rating of the renter, once it is
 * published (the server answers published ratings only: before, it stays hidden as the renter's own
 * review stays hidden from the owner). Nothing while there is none.
 */
export function OwnerRatingOfRental({ rentalId }: { rentalId: string }) {
  const { t } = useLingui();
  const review = useMyRenterReviews().data?.reviews.find((r) => r.rentalId === rentalId);
  if (!review) return null;
  const stars = review.starRating;
  const comment = review.comment;
  return (
    <p className="max-w-xs text-left text-sm text-slate-700" data-testid="owner-rating-of-me">
      <span aria-hidden="true" className="text-amber-600">
        ★{' '}
      </span>
      {comment ? t`The owner rated you ${stars}/5: ${comment}` : t`The owner rated you ${stars}/5.`}
    </p>
  );
}

/**
 * The renter's average rating by owners (My Rentals, the profile overview): published ratings only.
 * With `showEmpty`, says so when there is none yet; otherwise shows nothing then.
 */
export function MyRenterRatingSummary({ showEmpty = false, className = '' }: { showEmpty?: boolean; className?: string }) {
  const { t } = useLingui();
  const format = useFormat();
  const ratings = useMyRenterReviews();
  if (ratings.isPending) return null;
  if (ratings.isError) {
    return (
      <div role="alert" className={`flex flex-wrap items-center gap-2 text-sm text-red-800 ${className}`}>
        <Trans>Your rating by owners could not be loaded.</Trans>
        <Button size="sm" variant="secondary" onClick={() => void ratings.refetch()} isLoading={ratings.isFetching}>
          <Trans>Try again</Trans>
        </Button>
      </div>
    );
  }
  const { average, count } = ratings.data;
  if (average === null || count === 0) {
    if (!showEmpty) return null;
    return (
      <p className={`text-sm text-slate-600 ${className}`} data-testid="renter-rating-summary">
        <Trans>Owners have not rated you yet. Their ratings show here once published.</Trans>
      </p>
    );
  }
  const shown = format.number(average, { minimumFractionDigits: 1, maximumFractionDigits: 1 });
  return (
    <p className={`text-sm text-slate-800 ${className}`} data-testid="renter-rating-summary">
      <span aria-hidden="true" className="text-amber-600">
        ★{' '}
      </span>
      {t`Owners rate you ${shown} of 5 (${plural(count, { one: '# rating', other: '# ratings' })}).`}
    </p>
  );
}
