import * as Slider from '@radix-ui/react-slider';
import { useState } from 'react';
import { clampRange, isFullRange, SLIDER_STEP, sliderBounds } from '@rentdrive/domain/slider';

export interface RangeFilterProps {
  label: string;
  /** The base min and max (GET /api/vehicle/base-filter-properties). */
  min: number;
  max: number;
  /** The chosen range; undefined ends mean "from the bound". */
  value: [number | undefined, number | undefined];
  format: (n: number) => string;
  /** Called once a thumb is released; undefined ends when the range covers everything. */
  onCommit: (range: [number | undefined, number | undefined]) => void;
}

/**
 * A two-thumb slider (Radix; step 1; bounds: lower floored, upper ceiled, widened by 1 when
 * equal). It moves locally while dragged and commits on release, so the URL and the search change
 * once per gesture. Remounted (by key) when the bounds or the committed value change.
 */
export function RangeFilter({ label, min, max, value, format, onCommit }: RangeFilterProps) {
  const bounds = sliderBounds(min, max);
  const [range, setRange] = useState<[number, number]>(() => clampRange([value[0] ?? bounds.min, value[1] ?? bounds.max], bounds));
  return (
    <div>
      <p className="mb-3 flex justify-between text-sm tabular-nums text-slate-700" aria-hidden="true">
        <span>{format(range[0])}</span>
        <span>{format(range[1])}</span>
      </p>
      <Slider.Root
        className="relative flex h-5 w-full touch-none select-none items-center"
        min={bounds.min}
        max={bounds.max}
        step={SLIDER_STEP}
        minStepsBetweenThumbs={0}
        value={range}
        onValueChange={(next) => setRange(clampRange([next[0] ?? bounds.min, next[1] ?? bounds.max], bounds))}
        onValueCommit={(next) => {
          const committed = clampRange([next[0] ?? bounds.min, next[1] ?? bounds.max], bounds);
          if (isFullRange(committed, bounds)) onCommit([undefined, undefined]);
          else onCommit([committed[0] > bounds.min ? committed[0] : undefined, committed[1] < bounds.max ? committed[1] : undefined]);
        }}
        aria-label={label}
      >
        <Slider.Track className="relative h-1.5 grow rounded-full bg-slate-200">
          <Slider.Range className="absolute h-full rounded-full bg-accent-700" />
        </Slider.Track>
        {(['Minimum', 'Maximum'] as const).map((end) => (
          <Slider.Thumb
            key={end}
            aria-label={`${end} ${label.toLowerCase()}`}
            aria-valuetext={format(end === 'Minimum' ? range[0] : range[1])}
            className="block size-5 rounded-full border-2 border-accent-700 bg-white shadow focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-accent-600"
          />
        ))}
      </Slider.Root>
    </div>
  );
}
