import { describe, expect, it } from 'vitest';
import { clamp, clampRange, isFullRange, moveThumb, sliderBounds, sliderConfig, snapToStep } from './slider';

describe('slider bounds', () => {
  it('floors the lower bound and ceils the upper one', () => {
    expect(sliderBounds(12.4, 99.2)).toEqual({ min: 12, max: 100 });
    expect(sliderBounds(35, 120)).toEqual({ min: 35, max: 120 });
  });

  it('widens by 1 on each side when min equals max', () => {
    expect(sliderBounds(50, 50)).toEqual({ min: 49, max: 51 });
    expect(sliderBounds(2020, 2020)).toEqual({ min: 2019, max: 2021 });
    // 49.5 and 49.9 floor and ceil to 49 and 50: not equal, no widening.
    expect(sliderBounds(49.5, 49.9)).toEqual({ min: 49, max: 50 });
  });

  it('orders bounds given the wrong way round', () => {
    expect(sliderBounds(80, 20)).toEqual({ min: 20, max: 80 });
  });

  it('rejects a step of 0 or less', () => {
    expect(sliderConfig(0, 10, 0)).toEqual({ ok: false, reason: 'invalid-step' });
    expect(sliderConfig(0, 10, -1)).toEqual({ ok: false, reason: 'invalid-step' });
    expect(sliderConfig(0, Number.NaN, 1)).toEqual({ ok: false, reason: 'invalid-bounds' });
    expect(sliderConfig(3, 3)).toEqual({ ok: true, bounds: { min: 2, max: 4 }, step: 1 });
    expect(() => snapToStep(5, { min: 0, max: 10 }, 0)).toThrow(RangeError);
  });
});

describe('slider values', () => {
  const bounds = { min: 10, max: 100 };

  it('clamps values into the bounds', () => {
    expect(clamp(5, bounds)).toBe(10);
    expect(clamp(150, bounds)).toBe(100);
    expect(clamp(42, bounds)).toBe(42);
  });

  it('snaps to the step and keeps a range ordered', () => {
    expect(snapToStep(42.6, bounds, 1)).toBe(43);
    expect(snapToStep(42, bounds, 5)).toBe(40);
    expect(clampRange([0, 500], bounds)).toEqual([10, 100]);
    expect(clampRange([70, 30], bounds)).toEqual([30, 70]);
  });

  it('never lets the thumbs cross', () => {
    expect(moveThumb([20, 50], 0, 80, bounds)).toEqual([50, 50]);
    expect(moveThumb([20, 50], 1, 5, bounds)).toEqual([20, 20]);
    expect(moveThumb([20, 50], 0, 30, bounds)).toEqual([30, 50]);
    expect(moveThumb([20, 50], 1, 999, bounds)).toEqual([20, 100]);
  });

  it('knows when a range filters nothing', () => {
    expect(isFullRange([10, 100], bounds)).toBe(true);
    expect(isFullRange([11, 100], bounds)).toBe(false);
  });
});
