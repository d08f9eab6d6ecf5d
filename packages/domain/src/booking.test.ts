import { describe, expect, it } from 'vitest';
import { bookingWindow, checkBlockDays, checkBookingDays, daysInPeriod } from './booking';

const today = '2026-06-01';

describe('checkBookingDays', () => {
  it('accepts consecutive days in any order and answers them sorted', () => {
    expect(checkBookingDays(['2026-06-03', '2026-06-02', '2026-06-04'], today)).toEqual({
      ok: true,
      days: ['2026-06-02', '2026-06-03', '2026-06-04'],
      startDate: '2026-06-02',
      endDate: '2026-06-04',
    });
  });
  it('accepts today and the last day of the 6-month window', () => {
    expect(checkBookingDays([today], today).ok).toBe(true);
    expect(checkBookingDays(['2026-12-01'], today).ok).toBe(true);
  });
  it('refuses an empty list', () => {
    expect(checkBookingDays([], today)).toMatchObject({ ok: false, reason: 'empty' });
  });
  it('refuses a day that does not exist', () => {
    expect(checkBookingDays(['2026-02-30'], today)).toMatchObject({ ok: false, reason: 'invalid-day' });
    expect(checkBookingDays(['June 3'], today)).toMatchObject({ ok: false, reason: 'invalid-day' });
  });
  it('refuses duplicate days', () => {
    expect(checkBookingDays(['2026-06-02', '2026-06-02'], today)).toMatchObject({ ok: false, reason: 'duplicate' });
  });
  it('refuses a gap', () => {
    const result = checkBookingDays(['2026-06-02', '2026-06-04'], today);
    expect(result).toMatchObject({ ok: false, reason: 'not-consecutive', message: 'The booked days must be consecutive.' });
  });
  it('refuses yesterday', () => {
    expect(checkBookingDays(['2026-05-31', '2026-06-01'], today)).toMatchObject({ ok: false, reason: 'in-past' });
  });
  it('refuses the day after the 6-month window and 7 months ahead', () => {
    expect(checkBookingDays(['2026-12-02'], today)).toMatchObject({ ok: false, reason: 'too-far' });
    expect(checkBookingDays(['2027-01-01'], today)).toMatchObject({ ok: false, reason: 'too-far' });
  });
  it('crosses month and year ends as one run of days', () => {
    expect(checkBookingDays(['2026-11-30', '2026-12-01'], '2026-11-01').ok).toBe(true);
    expect(checkBookingDays(['2026-12-31', '2027-01-01'], '2026-12-01').ok).toBe(true);
  });
});

describe('bookingWindow', () => {
  it('ends 6 months ahead, clamped to the month length', () => {
    expect(bookingWindow('2026-08-31')).toEqual({ firstDay: '2026-08-31', lastDay: '2027-02-28' });
  });
});

describe('daysInPeriod', () => {
  it('lists every day inclusive', () => {
    expect(daysInPeriod('2026-02-27', '2026-03-01')).toEqual(['2026-02-27', '2026-02-28', '2026-03-01']);
  });
});

describe('checkBlockDays', () => {
  it('takes any days in the window, sorted and without duplicates', () => {
    expect(checkBlockDays(['2026-06-20', '2026-06-02', '2026-06-20', '2026-06-01'], '2026-06-01')).toEqual({
      ok: true,
      days: ['2026-06-01', '2026-06-02', '2026-06-20'],
    });
    expect(checkBlockDays([], '2026-06-01')).toEqual({ ok: true, days: [] });
    expect(checkBlockDays(['2026-12-01'], '2026-06-01')).toMatchObject({ ok: true });
  });

  it('refuses a day before today, after 6 months or not a real day, naming it', () => {
    expect(checkBlockDays(['2026-06-05', '2026-05-31'], '2026-06-01')).toMatchObject({ ok: false, reason: 'in-past', day: '2026-05-31' });
    expect(checkBlockDays(['2026-12-02'], '2026-06-01')).toMatchObject({ ok: false, reason: 'too-far', day: '2026-12-02' });
    expect(checkBlockDays(['2026-02-30'], '2026-02-01')).toMatchObject({ ok: false, reason: 'invalid-day' });
  });
});
