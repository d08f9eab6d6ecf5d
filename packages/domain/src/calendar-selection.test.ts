import { describe, expect, it } from 'vitest';
import { isDaySelectable, selectDay } from './calendar-selection';

const context = { today: '2026-06-01', bookedDays: new Set(['2026-06-10']) };

describe('selectDay', () => {
  it('starts the range with the first click', () => {
    expect(selectDay([], '2026-06-05', context)).toEqual(['2026-06-05']);
  });
  it('extends by the next consecutive day after the last selected one', () => {
    expect(selectDay(['2026-06-05'], '2026-06-06', context)).toEqual(['2026-06-05', '2026-06-06']);
  });
  it('ignores a click that is not the next consecutive day', () => {
    const selection = ['2026-06-05', '2026-06-06'];
    expect(selectDay(selection, '2026-06-08', context)).toBe(selection);
    expect(selectDay(selection, '2026-06-04', context)).toBe(selection);
  });
  it('removes the last day when it is clicked', () => {
    expect(selectDay(['2026-06-05', '2026-06-06', '2026-06-07'], '2026-06-07', context)).toEqual(['2026-06-05', '2026-06-06']);
  });
  it('cuts the selection from a clicked middle day onward', () => {
    expect(selectDay(['2026-06-05', '2026-06-06', '2026-06-07'], '2026-06-06', context)).toEqual(['2026-06-05']);
    expect(selectDay(['2026-06-05', '2026-06-06'], '2026-06-05', context)).toEqual([]);
  });
  it('never selects a booked day, a past day or a day beyond 6 months', () => {
    expect(selectDay([], '2026-06-10', context)).toEqual([]);
    expect(selectDay(['2026-06-09'], '2026-06-10', context)).toEqual(['2026-06-09']);
    expect(selectDay([], '2026-05-31', context)).toEqual([]);
    expect(selectDay([], '2026-12-02', context)).toEqual([]);
  });
  it('accepts the booked days as an array too', () => {
    expect(selectDay([], '2026-06-10', { today: '2026-06-01', bookedDays: ['2026-06-10'] })).toEqual([]);
  });
});

describe('isDaySelectable', () => {
  it('allows today and the last day of the window', () => {
    expect(isDaySelectable('2026-06-01', context)).toBe(true);
    expect(isDaySelectable('2026-12-01', context)).toBe(true);
  });
});
