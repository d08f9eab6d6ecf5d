import { describe, expect, it } from 'vitest';
import { checkRange, daysFromTo, lastCancellableDay, wantedSelection } from './date-range';

const today = '2026-11-27';
const context = { today, bookedDays: new Set(['2026-12-03']) };

describe('date ranges', () => {
  it('lists every day between pick-up and return, both included', () => {
    expect(daysFromTo('2026-11-29', '2026-12-02')).toEqual(['2026-11-29', '2026-11-30', '2026-12-01', '2026-12-02']);
    expect(daysFromTo('2026-12-02', '2026-12-01')).toEqual([]);
  });

  it('fills a range of free days and names the first taken one', () => {
    expect(checkRange('2026-11-30', '2026-12-02', context)).toEqual({
      ok: true,
      days: ['2026-11-30', '2026-12-01', '2026-12-02'],
    });
    expect(checkRange('2026-12-01', '2026-12-06', context)).toEqual({ ok: false, reason: 'taken', day: '2026-12-03' });
    expect(checkRange('2026-12-06', '2026-12-01', context)).toEqual({ ok: false, reason: 'order' });
    expect(checkRange('2026-11-26', '2026-11-28', context)).toEqual({ ok: false, reason: 'outside', day: '2026-11-26' });
    expect(checkRange('2027-05-20', '2027-06-01', context)).toEqual({ ok: false, reason: 'outside', day: '2027-06-01' });
  });

  it('preselects wanted dates only when all of them are free', () => {
    expect(wantedSelection({ from: '2026-12-04', to: '2026-12-05' }, context).days).toEqual(['2026-12-04', '2026-12-05']);
    expect(wantedSelection({ from: '2026-12-02', to: '2026-12-05' }, context).days).toEqual([]);
    expect(wantedSelection({}, context)).toEqual({ days: [], check: null });
  });

  it('can cancel until the day before the first day, never on or after it', () => {
    expect(lastCancellableDay('2026-12-01', today)).toBe('2026-11-30');
    expect(lastCancellableDay('2026-11-28', today)).toBe('2026-11-27');
    expect(lastCancellableDay(today, today)).toBeNull();
  });
});
