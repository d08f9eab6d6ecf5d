import { useId } from 'react';
import { MAX_STARS, starKinds, type StarKind } from '@rentdrive/domain/stars';
import { cn } from '../../lib/cn';

const SIZE_CLASSES = { sm: 'size-4', md: 'size-5', lg: 'size-6' } as const;

export interface StarsProps {
  /** 0 to 5; shown as full = floor, one half when the remainder is >= 0.5. */
  rating: number;
  /** When given, '(N Reviews)' follows the stars. */
  reviewCount?: number;
  size?: keyof typeof SIZE_CLASSES;
  className?: string;
}

const STAR_PATH = 'M10 1.5l2.6 5.4 5.9.8-4.3 4.1 1 5.9L10 14.9l-5.2 2.8 1-5.9L1.5 7.7l5.9-.8z';

function Star({ kind, sizeClass, gradientId }: { kind: StarKind; sizeClass: string; gradientId: string }) {
  const fill = kind === 'full' ? 'currentColor' : kind === 'half' ? `url(#${gradientId})` : 'none';
  return (
    <svg viewBox="0 0 20 20" className={cn(sizeClass, 'shrink-0')} aria-hidden="true" data-star={kind}>
      {kind === 'half' && (
        <defs>
          <linearGradient id={gradientId}>
            <stop offset="50%" stopColor="currentColor" />
            <stop offset="50%" stopColor="transparent" />
          </linearGradient>
        </defs>
      )}
      <path d={STAR_PATH} fill={fill} stroke="currentColor" strokeWidth="1.2" strokeLinejoin="round" />
    </svg>
  );
}

/** A read-only star rating with an accessible name ('Rated 3.5 out of 5'). */
export function Stars({ rating, reviewCount, size = 'sm', className }: StarsProps) {
  const gradientId = `half-star-${useId().replace(/:/g, '')}`;
  const rounded = Math.round(rating * 10) / 10;
  return (
    <span className={cn('inline-flex items-center gap-1', className)}>
      <span role="img" aria-label={`Rated ${rounded} out of ${MAX_STARS}`} className="inline-flex text-amber-500">
        {starKinds(rating).map((kind, i) => (
          <Star key={i} kind={kind} sizeClass={SIZE_CLASSES[size]} gradientId={gradientId} />
        ))}
      </span>
      {reviewCount !== undefined && <span className="text-sm text-slate-600">({reviewCount} Reviews)</span>}
    </span>
  );
}
