import { plural } from '@lingui/core/macro';
import { useLingui } from '@lingui/react/macro';
import '../../../i18n/more-messages';
import { useId } from 'react';
import { MAX_REVIEW_STARS } from '@rentdrive/contracts/reviews';
import { translateApiText } from '../../../i18n/catalogues';
import { cn } from '../../../lib/cn';

const STAR_PATH = 'M10 1.5l2.6 5.4 5.9.8-4.3 4.1 1 5.9L10 14.9l-5.2 2.8 1-5.9L1.5 7.7l5.9-.8z';

export interface StarRatingInputProps {
  value: number;
  onChange: (stars: number) => void;
  error?: string;
  legend?: string;
}

/**
 * 1 to 5 stars as a native radio group: Tab reaches it once, the arrow keys change the rating, and
 * each radio is named '1 star' ... '5 stars'. Stars up to the chosen one are filled.
 */
export function StarRatingInput({ value, onChange, error, legend }: StarRatingInputProps) {
  const { t, i18n } = useLingui();
  const name = `stars-${useId().replace(/:/g, '')}`;
  const errorId = `${name}-error`;
  return (
    <fieldset aria-describedby={error ? errorId : undefined}>
      <legend className="mb-1 text-sm font-medium text-slate-800">
        {legend ?? t`Rating`}
        <span className="text-danger" aria-hidden="true">
          {' '}
          *
        </span>
      </legend>
      <div className="flex items-center gap-1">
        {Array.from({ length: MAX_REVIEW_STARS }, (_, i) => i + 1).map((stars) => (
          <label key={stars} className="group relative cursor-pointer">
            <input
              type="radio"
              name={name}
              value={stars}
              checked={value === stars}
              onChange={() => onChange(stars)}
              className="peer absolute inset-0 size-full cursor-pointer opacity-0"
            />
            <span className="sr-only">{t`${plural(stars, { one: '# star', other: '# stars' })}`}</span>
            <svg
              viewBox="0 0 20 20"
              aria-hidden="true"
              className={cn(
                'size-9 rounded-control p-0.5 transition-colors duration-150 peer-focus-visible:outline-2 peer-focus-visible:outline-accent-600',
                stars <= value ? 'text-amber-500' : 'text-slate-400',
              )}
            >
              <path
                d={STAR_PATH}
                fill={stars <= value ? 'currentColor' : 'none'}
                stroke="currentColor"
                strokeWidth="1.2"
                strokeLinejoin="round"
              />
            </svg>
          </label>
        ))}
        <span className="ml-2 text-sm text-slate-700" aria-hidden="true">
          {value > 0 ? `${value} / ${MAX_REVIEW_STARS}` : ''}
        </span>
      </div>
      {error && (
        <p id={errorId} className="mt-1 text-sm text-danger">
          {translateApiText(i18n, error)}
        </p>
      )}
    </fieldset>
  );
}
