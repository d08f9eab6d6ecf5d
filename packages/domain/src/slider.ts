/**
 * Two-thumb range sliders of the listing filters.
 * Bounds: the lower floored, the upper ceiled, widened by 1 on each side when they are equal (a
 * slider needs room to move). Values stay within the bounds, on the step, and the thumbs never cross.
 */
export type Range = readonly [number, number];

export interface SliderBounds {
  min: number;
  max: number;
}

export type SliderConfig = { ok: true; bounds: SliderBounds; step: number } | { ok: false; reason: 'invalid-step' | 'invalid-bounds' };

/** Slider step 1. */
export const SLIDER_STEP = 1;

export function sliderBounds(min: number, max: number): SliderBounds {
  let lower = Math.floor(Math.min(min, max));
  let upper = Math.ceil(Math.max(min, max));
  if (lower === upper) {
    lower -= 1;
    upper += 1;
  }
  return { min: lower, max: upper };
}

/** A slider's bounds and step, or why there can be none (a step of 0 or less is rejected). */
export function sliderConfig(min: number, max: number, step: number = SLIDER_STEP): SliderConfig {
  if (!Number.isFinite(step) || step <= 0) return { ok: false, reason: 'invalid-step' };
  if (!Number.isFinite(min) || !Number.isFinite(max)) return { ok: false, reason: 'invalid-bounds' };
  return { ok: true, bounds: sliderBounds(min, max), step };
}

export function clamp(value: number, bounds: SliderBounds): number {
  return Math.min(Math.max(value, bounds.min), bounds.max);
}

/** Snaps a value to the step grid that starts at the lower bound, then clamps it. */
export function snapToStep(value: number, bounds: SliderBounds, step: number): number {
  if (step <= 0) throw new RangeError('The slider step must be greater than 0.');
  const snapped = bounds.min + Math.round((value - bounds.min) / step) * step;
  return clamp(Number(snapped.toFixed(10)), bounds);
}

/** A whole range made valid: each end within the bounds and on the step, lower never above upper. */
export function clampRange(range: Range, bounds: SliderBounds, step: number = SLIDER_STEP): [number, number] {
  const low = snapToStep(range[0], bounds, step);
  const high = snapToStep(range[1], bounds, step);
  return low <= high ? [low, high] : [high, low];
}

/** Moves one thumb (0 lower, 1 upper); it stops at the other thumb instead of crossing it. */
export function moveThumb(range: Range, thumb: 0 | 1, value: number, bounds: SliderBounds, step: number = SLIDER_STEP): [number, number] {
  const next = snapToStep(value, bounds, step);
  return thumb === 0 ? [Math.min(next, range[1]), range[1]] : [range[0], Math.max(next, range[0])];
}

/** Whether a chosen range still covers the whole slider (then it filters nothing). */
export function isFullRange(range: Range, bounds: SliderBounds): boolean {
  return range[0] <= bounds.min && range[1] >= bounds.max;
}
