import { describe, expect, it } from 'vitest';
import { dayInTimeZone } from './dates';

describe('the calendar day of an instant', () => {
  it('is the UTC date in UTC, up to the last millisecond of the day', () => {
    expect(dayInTimeZone(new Date('2026-11-24T23:59:59.999Z'), 'UTC')).toBe('2026-11-24');
    expect(dayInTimeZone(new Date('2026-11-25T00:00:00.000Z'), 'UTC')).toBe('2026-11-25');
  });

  it('follows the zone elsewhere, summer time included', () => {
    // 23:30 UTC is already the next day in Berlin (UTC+1 in winter, UTC+2 in summer) and still the same day in New York.
    expect(dayInTimeZone(new Date('2026-11-24T23:30:00Z'), 'Europe/Berlin')).toBe('2026-11-25');
    expect(dayInTimeZone(new Date('2026-07-01T22:30:00Z'), 'Europe/Berlin')).toBe('2026-07-02');
    expect(dayInTimeZone(new Date('2026-07-01T22:30:00Z'), 'America/New_York')).toBe('2026-07-01');
    // The same zone twice gives the same answer (the formatter is kept).
    expect(dayInTimeZone(new Date('2026-11-24T22:59:00Z'), 'Europe/Berlin')).toBe('2026-11-24');
  });
});
