import { describe, expect, it } from 'vitest';
import { formatDateTime, formatLongDate, formatTime, utcDateWords } from './format-date';

describe('one time style for the whole app', () => {
  const instant = '2026-11-21T18:05:00Z';
  const expected = new Intl.DateTimeFormat(undefined, { hour: '2-digit', minute: '2-digit' }).format(new Date(instant));

  it("shows hour and minute in the browser's locale", () => {
    expect(formatTime(instant)).toBe(expected);
    expect(formatTime('not a time')).toBe('');
  });

  it('uses the same time in a date and time (the wallet) as alone (the chat)', () => {
    expect(formatDateTime(instant)).toMatch(/^\d{1,2} [A-Z][a-z]{2,4} 2026, /);
    expect(formatDateTime(instant).endsWith(`, ${expected}`)).toBe(true);
    expect(formatDateTime('garbage')).toBe('garbage');
  });
});

describe('calendar dates in words', () => {
  it('writes the UTC day with English month names, whatever the ICU version says', () => {
    expect(formatLongDate('2026-11-21T23:30:00Z')).toBe('21 November 2026');
    expect(formatLongDate('2026-09-03')).toBe('3 September 2026');
    expect(utcDateWords(new Date('2026-09-03T00:00:00Z'), 'short')).toBe('3 Sep 2026');
    expect(utcDateWords(new Date('2027-01-31T00:00:00Z'), 'month')).toBe('January 2027');
    expect(formatLongDate('not a date')).toBe('not a date');
  });
});
