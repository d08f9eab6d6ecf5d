import { plural } from '@lingui/core/macro';
import { useLingui } from '@lingui/react/macro';
import { MAX_STARS, starKinds, type StarKind } from '@rentdrive/domain/stars';
import { cn } from '../../lib/cn';

/** Five stars side by side: the height of one star and five times its width. */
const SIZE_CLASSES = { sm: 'h-4 w-20', md: 'h-5 w-25', lg: 'h-6 w-30' } as const;

export interface StarsProps {
  /** 0 to 5; shown as full = floor, one half when the remainder is >= 0.5. */
  rating: number;
  /** When given, '(N Reviews)' ('(1 Review)') follows the stars; 0 shows 'New' instead of empty stars. */
  reviewCount?: number;
  size?: keyof typeof SIZE_CLASSES;
  className?: string;
}

/** One star's outline in a 20x20 box, and its left half (for half a star). */
const STAR_POINTS = [10, 1.5, 12.6, 6.9, 18.5, 7.7, 14.2, 11.8, 15.2, 17.7, 10, 14.9, 4.8, 17.7, 5.8, 11.8, 1.5, 7.7, 7.4, 6.9];
const HALF_STAR_POINTS = [10, 1.5, 10, 14.9, 4.8, 17.7, 5.8, 11.8, 1.5, 7.7, 7.4, 6.9];

/** A closed polygon as path data, moved right by `dx`. */
function polygon(points: number[], dx: number): string {
  const pairs: string[] = [];
  for (let i = 0; i < points.length; i += 2) pairs.push(`${Number((points[i]! + dx).toFixed(1))} ${points[i + 1]}`);
  return `M${pairs.join('L')}Z`;
}

// Every shape at each of the five places, made once when the module loads: a listing draws 24 ratings.
const FULL_STARS = Array.from({ length: MAX_STARS }, (_, i) => polygon(STAR_POINTS, i * 20));
const HALF_STARS = Array.from({ length: MAX_STARS }, (_, i) => polygon(HALF_STAR_POINTS, i * 20));
const OUTLINES = FULL_STARS.join('');

/**
 * The five stars are one <svg> with two paths (every outline; what is filled), not five: a listing
 * page shows 24 ratings, and the fewer elements it hydrates, the sooner a phone can respond.
 */
function StarShapes({ kinds, sizeClass }: { kinds: StarKind[]; sizeClass: string }) {
  const filled = kinds.map((kind, i) => (kind === 'full' ? FULL_STARS[i] : kind === 'half' ? HALF_STARS[i] : '')).join('');
  return (
    <svg viewBox="0 0 100 20" className={cn(sizeClass, 'shrink-0')} aria-hidden="true" data-stars={kinds.join(' ')}>
      {/* Not `filled && ...`: an empty string would be a text node the server's markup does not have. */}
      {filled ? <path d={filled} fill="currentColor" /> : null}
      <path d={OUTLINES} fill="none" stroke="currentColor" strokeWidth="1.2" strokeLinejoin="round" />
    </svg>
  );
}

/**
 * A read-only star rating with an accessible name ('Rated 3.5 out of 5'); the one rating display of
 * cards, the vehicle page and My Vehicles. A listing nobody has reviewed yet says 'New'.
 */
export function Stars({ rating, reviewCount, size = 'sm', className }: StarsProps) {
  const { t } = useLingui();
  const rounded = Math.round(rating * 10) / 10;
  if (reviewCount === 0) {
    return (
      <span className={cn('inline-flex items-center', className)} data-testid="rating-new">
        <span className="rounded-full bg-accent-50 px-2 py-0.5 text-xs font-semibold text-accent-800">{t`New`}</span>
      </span>
    );
  }
  return (
    <span className={cn('inline-flex items-center gap-1', className)}>
      <span role="img" aria-label={t`Rated ${rounded} out of ${MAX_STARS}`} className="inline-flex text-amber-500">
        <StarShapes kinds={starKinds(rating)} sizeClass={SIZE_CLASSES[size]} />
      </span>
      {/* One string: the server writes one text node, and parts would be split from it while hydrating. */}
      {reviewCount !== undefined && (
        <span className="text-sm text-slate-600">{t`(${plural(reviewCount, { one: '# Review', other: '# Reviews' })})`}</span>
      )}
    </span>
  );
}
