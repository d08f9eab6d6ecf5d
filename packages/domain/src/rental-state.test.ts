import { describe, expect, it } from 'vitest';
import { isCancellable, isConfirmable, isDueForAutoComplete, transitionRental } from './rental-state';

const active = { status: 'Active' as const, startDate: '2026-06-10', endDate: '2026-06-12' };

describe('rental state', () => {
  it('is cancellable only before the first day', () => {
    expect(isCancellable(active, '2026-06-09')).toBe(true);
    expect(isCancellable(active, '2026-06-10')).toBe(false);
  });
  it('is confirmable only after the last day', () => {
    expect(isConfirmable(active, '2026-06-12')).toBe(false);
    expect(isConfirmable(active, '2026-06-13')).toBe(true);
  });
  it('is neither once completed or cancelled', () => {
    for (const status of ['Completed', 'Cancelled'] as const) {
      expect(isConfirmable({ ...active, status }, '2026-07-01')).toBe(false);
      expect(isCancellable({ ...active, status }, '2026-06-01')).toBe(false);
    }
  });
  it('moves Active to Completed on confirm and to Cancelled on cancel', () => {
    expect(transitionRental(active, 'confirm', '2026-06-13')).toEqual({ ok: true, status: 'Completed' });
    expect(transitionRental(active, 'cancel', '2026-06-01')).toEqual({ ok: true, status: 'Cancelled' });
  });
  it('explains every illegal transition', () => {
    expect(transitionRental(active, 'confirm', '2026-06-11')).toEqual({
      ok: false,
      message: 'A rental can be confirmed only after its last day.',
    });
    expect(transitionRental(active, 'cancel', '2026-06-10')).toEqual({
      ok: false,
      message: 'A rental can be cancelled only before its first day.',
    });
    expect(transitionRental({ ...active, status: 'Cancelled' }, 'confirm', '2026-06-13')).toEqual({
      ok: false,
      message: 'This rental is already cancelled and cannot be confirmed.',
    });
    expect(transitionRental({ ...active, status: 'Completed' }, 'cancel', '2026-06-01')).toMatchObject({ ok: false });
  });
  it('is due for auto-completion the configured number of days after the last day', () => {
    expect(isDueForAutoComplete(active, '2026-06-14', 3)).toBe(false);
    expect(isDueForAutoComplete(active, '2026-06-15', 3)).toBe(true);
    expect(isDueForAutoComplete(active, '2026-06-12', 0)).toBe(false);
    expect(isDueForAutoComplete({ ...active, status: 'Completed' }, '2026-07-01', 3)).toBe(false);
  });
});
