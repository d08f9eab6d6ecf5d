import { describe, expect, it } from 'vitest';
import { dayLongLabel, monthLabel, monthOf, monthWeeks, shiftMonth } from './month-grid';

describe('month grid', () => {
  it('starts weeks on Monday and pads with empty cells', () => {
    // 1 November 2026 is a Sunday.
    const weeks = monthWeeks('2026-11-01');
    expect(weeks[0]).toEqual([null, null, null, null, null, null, '2026-11-01']);
    expect(weeks.at(-1)?.filter(Boolean).at(-1)).toBe('2026-11-30');
    expect(weeks.every((w) => w.length === 7)).toBe(true);
  });

  it('handles leap years', () => {
    expect(monthWeeks('2028-02-01').flat().filter(Boolean)).toHaveLength(29);
  });

  it('moves between months across years', () => {
    expect(shiftMonth('2026-12-01', 1)).toBe('2027-01-01');
    expect(shiftMonth('2026-01-01', -1)).toBe('2025-12-01');
    expect(monthOf('2026-11-21')).toBe('2026-11-01');
  });

  it('labels months and days in English', () => {
    expect(monthLabel('2026-11-01')).toBe('November 2026');
    expect(dayLongLabel('2026-11-05')).toBe('5 November 2026');
  });
});
