import { describe, expect, it } from 'vitest';
import { setRange, toggleBlockedDay } from './block-selection';

const window = { firstDay: '2026-06-01', lastDay: '2026-12-01' };
const booked = new Set(['2026-06-05']);

describe('toggleBlockedDay', () => {
  it('blocks and unblocks one day', () => {
    const one = toggleBlockedDay({ blocked: new Set(), anchor: null }, '2026-06-03', { shiftKey: false, booked, ...window });
    expect([...one.blocked]).toEqual(['2026-06-03']);
    const none = toggleBlockedDay(one, '2026-06-03', { shiftKey: false, booked, ...window });
    expect([...none.blocked]).toEqual([]);
  });

  it('with Shift blocks the range from the last clicked day, skipping booked days, in either direction', () => {
    const first = toggleBlockedDay({ blocked: new Set(), anchor: null }, '2026-06-07', { shiftKey: false, booked, ...window });
    const range = toggleBlockedDay(first, '2026-06-03', { shiftKey: true, booked, ...window });
    expect([...range.blocked].sort()).toEqual(['2026-06-03', '2026-06-04', '2026-06-06', '2026-06-07']);
    // Shift+click on a blocked day frees the range from the new anchor.
    const freed = toggleBlockedDay(range, '2026-06-04', { shiftKey: true, booked, ...window });
    expect([...freed.blocked].sort()).toEqual(['2026-06-06', '2026-06-07']);
  });

  it('never blocks a booked day or a day outside the window', () => {
    const start = { blocked: new Set<string>(), anchor: null };
    expect(toggleBlockedDay(start, '2026-06-05', { shiftKey: false, booked, ...window })).toBe(start);
    expect(toggleBlockedDay(start, '2026-05-31', { shiftKey: false, booked, ...window })).toBe(start);
  });
});

describe('setRange', () => {
  it('blocks a typed range within the window, leaving booked days alone, and unblocks it', () => {
    const blocked = setRange(new Set(), '2026-05-30', '2026-06-06', true, { booked, ...window });
    expect([...blocked].sort()).toEqual(['2026-06-01', '2026-06-02', '2026-06-03', '2026-06-04', '2026-06-06']);
    expect([...setRange(blocked, '2026-06-02', '2026-06-03', false, { booked, ...window })].sort()).toEqual([
      '2026-06-01',
      '2026-06-04',
      '2026-06-06',
    ]);
    expect(setRange(blocked, '2026-06-09', '2026-06-08', true, { booked, ...window }).size).toBe(5);
  });
});
