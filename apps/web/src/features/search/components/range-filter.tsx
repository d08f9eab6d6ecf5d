import { useLingui } from '@lingui/react/macro';
import '../../../i18n/listing-messages';
import { useLayoutEffect, useRef, useState, type KeyboardEvent, type PointerEvent } from 'react';
import { clampRange, isFullRange, moveThumb, SLIDER_STEP, sliderBounds, type SliderBounds } from '@rentdrive/domain/slider';
import { useHydrated } from '../../../lib/use-hydrated';

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

type Thumb = 0 | 1;

/** Thumb diameter (size-5): thumbs stay inside the track, centred on their value. */
const THUMB_PX = 20;
/** PageUp/PageDown move this many steps (the WAI-ARIA slider pattern's "larger step"). */
const PAGE_STEPS = 10;
const THUMB_NAMES = ['min', 'max'] as const;

/**
 * A two-thumb slider (step 1; bounds: lower floored, upper ceiled, widened by 1 when equal; the
 * thumbs stop at each other). It moves locally while dragged or keyed and commits on release (or
 * on each key), so the URL and the search change once per gesture. Remounted (by key) when the
 * bounds change; follows the committed value when it changes from outside.
 *
 * Written here rather than taken from a component library: the listing's first load is what a
 * phone waits for, and the library's slider with its helpers weighed 8 KB compressed of it.
 * Keyboard as the WAI-ARIA slider pattern says: arrows one step, PageUp/PageDown ten, Home/End to
 * the ends (the other thumb is an end).
 */
export function RangeFilter({ label, min, max, value, format, onCommit }: RangeFilterProps) {
  const { t, i18n } = useLingui();
  // German writes nouns capitalized; the other languages read the label mid-sentence in lower case.
  const lower = i18n.locale === 'de' ? label : label.toLowerCase();
  const bounds = sliderBounds(min, max);
  const [range, setRange] = useState<[number, number]>(() => clampRange([value[0] ?? bounds.min, value[1] ?? bounds.max], bounds));
  const rootRef = useRef<HTMLDivElement>(null);
  const thumbRefs = useRef<(HTMLSpanElement | null)[]>([]);
  const dragged = useRef<Thumb | null>(null);
  // A committed value that changes from outside (the URL: back, forward, 'Clear filters') moves the
  // thumbs; the component is not remounted for it, so a thumb keeps the focus after its own commit.
  const [shownValue, setShownValue] = useState(value);
  if (shownValue[0] !== value[0] || shownValue[1] !== value[1]) {
    setShownValue(value);
    setRange(clampRange([value[0] ?? bounds.min, value[1] ?? bounds.max], bounds));
  }
  // The latest range, for the pointer handlers (a drag's events can arrive before a render).
  const latest = useRef(range);
  useLayoutEffect(() => {
    latest.current = range;
  }, [range]);

  function update(next: [number, number]) {
    latest.current = next;
    setRange(next);
  }

  function commit(committed: [number, number]) {
    if (isFullRange(committed, bounds)) onCommit([undefined, undefined]);
    else onCommit([committed[0] > bounds.min ? committed[0] : undefined, committed[1] < bounds.max ? committed[1] : undefined]);
  }

  /** The value under the pointer, from its position along the track. */
  function valueAt(clientX: number): number {
    const rect = rootRef.current!.getBoundingClientRect();
    const usable = Math.max(1, rect.width - THUMB_PX);
    const share = Math.min(1, Math.max(0, (clientX - rect.left - THUMB_PX / 2) / usable));
    return bounds.min + share * (bounds.max - bounds.min);
  }

  function onPointerDown(event: PointerEvent<HTMLDivElement>) {
    if (event.button !== 0) return;
    const at = valueAt(event.clientX);
    const [low, high] = latest.current;
    // The nearer thumb moves; when both sit on one value, the side of the pointer decides.
    const thumb: Thumb = Math.abs(at - low) < Math.abs(at - high) || (low === high && at < low) ? 0 : 1;
    dragged.current = thumb;
    event.currentTarget.setPointerCapture(event.pointerId);
    thumbRefs.current[thumb]?.focus();
    event.preventDefault();
    update(moveThumb(latest.current, thumb, at, bounds));
  }

  function onPointerMove(event: PointerEvent<HTMLDivElement>) {
    if (dragged.current === null) return;
    update(moveThumb(latest.current, dragged.current, valueAt(event.clientX), bounds));
  }

  function onPointerUp() {
    if (dragged.current === null) return;
    dragged.current = null;
    commit(latest.current);
  }

  function onKeyDown(thumb: Thumb, event: KeyboardEvent<HTMLSpanElement>) {
    const current = latest.current[thumb];
    const target = keyTarget(event.key, current, thumb, latest.current, bounds);
    if (target === undefined) return;
    event.preventDefault();
    const next = moveThumb(latest.current, thumb, target, bounds);
    if (next[0] === latest.current[0] && next[1] === latest.current[1]) return;
    update(next);
    commit(next);
  }

  // The server's thumbs (and the page's until this region's code is in) cannot move: say so.
  const hydrated = useHydrated();

  const position = (v: number) => {
    const share = (v - bounds.min) / (bounds.max - bounds.min);
    return `calc(${share * 100}% + ${(0.5 - share) * THUMB_PX}px)`;
  };

  return (
    <div>
      <p className="mb-3 flex justify-between text-sm tabular-nums text-slate-700" aria-hidden="true">
        <span>{format(range[0])}</span>
        <span>{format(range[1])}</span>
      </p>
      <div
        ref={rootRef}
        role="group"
        aria-label={label}
        className="relative flex h-5 w-full touch-none select-none items-center"
        onPointerDown={onPointerDown}
        onPointerMove={onPointerMove}
        onPointerUp={onPointerUp}
        onPointerCancel={onPointerUp}
      >
        <span className="relative h-1.5 grow rounded-full bg-slate-200">
          <span
            className="absolute h-full rounded-full bg-accent-700"
            style={{ left: position(range[0]), right: `calc(100% - ${position(range[1])})` }}
          />
        </span>
        {THUMB_NAMES.map((end, i) => {
          const thumb = i as Thumb;
          return (
            <span
              key={end}
              ref={(element) => {
                thumbRefs.current[thumb] = element;
              }}
              role="slider"
              tabIndex={0}
              aria-label={end === 'min' ? t`Minimum ${lower}` : t`Maximum ${lower}`}
              aria-valuemin={bounds.min}
              aria-valuemax={bounds.max}
              aria-valuenow={range[thumb]}
              aria-valuetext={format(range[thumb])}
              aria-orientation="horizontal"
              aria-disabled={hydrated ? undefined : true}
              onKeyDown={(event) => onKeyDown(thumb, event)}
              style={{ left: position(range[thumb]) }}
              className="absolute block size-5 -translate-x-1/2 rounded-full border-2 border-accent-700 bg-white shadow focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-accent-600"
            />
          );
        })}
      </div>
    </div>
  );
}

/** Where a key moves a thumb (undefined: the key is not the slider's). */
function keyTarget(key: string, current: number, thumb: Thumb, range: readonly [number, number], bounds: SliderBounds): number | undefined {
  switch (key) {
    case 'ArrowRight':
    case 'ArrowUp':
      return current + SLIDER_STEP;
    case 'ArrowLeft':
    case 'ArrowDown':
      return current - SLIDER_STEP;
    case 'PageUp':
      return current + PAGE_STEPS * SLIDER_STEP;
    case 'PageDown':
      return current - PAGE_STEPS * SLIDER_STEP;
    case 'Home':
      return thumb === 0 ? bounds.min : range[0];
    case 'End':
      return thumb === 0 ? range[1] : bounds.max;
    default:
      return undefined;
  }
}
