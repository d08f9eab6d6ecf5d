import { act, renderHook } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useDebouncedValue } from './use-debounced-value';

describe('useDebouncedValue', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('answers the first value at once and a new one only after it has settled', () => {
    const { result, rerender } = renderHook(({ value }) => useDebouncedValue(value, 250), { initialProps: { value: 'type=Car' } });
    expect(result.current).toBe('type=Car');
    rerender({ value: 'type=Car&make=Audi' });
    act(() => {
      vi.advanceTimersByTime(200);
    });
    rerender({ value: 'type=Car&make=Audi&make=BMW' });
    act(() => {
      vi.advanceTimersByTime(200);
    });
    // Each change restarts the wait: nothing is requested while the user is still clicking.
    expect(result.current).toBe('type=Car');
    act(() => {
      vi.advanceTimersByTime(50);
    });
    expect(result.current).toBe('type=Car&make=Audi&make=BMW');
  });
});
