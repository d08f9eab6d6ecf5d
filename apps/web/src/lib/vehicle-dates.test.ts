import { describe, expect, it } from 'vitest';
import { parseWantedDates, vehiclePathWithDates } from './vehicle-dates';

const ID = '6f0c3c1e-8a43-4a55-9a6e-2b7f2d1d9b10';

describe('vehiclePathWithDates', () => {
  it('carries both days in the vehicle page URL', () => {
    expect(vehiclePathWithDates(ID, '2026-12-01', '2026-12-07')).toBe(`/api/vehicle/${ID}?from=2026-12-01&to=2026-12-07`);
  });

  it('is the plain vehicle path without dates, or with days that do not exist', () => {
    expect(vehiclePathWithDates(ID)).toBe(`/api/vehicle/${ID}`);
    expect(vehiclePathWithDates(ID, '2026-02-30', 'soon')).toBe(`/api/vehicle/${ID}`);
  });

  it('makes one day of a single date and orders reversed days', () => {
    expect(vehiclePathWithDates(ID, '2026-12-05')).toBe(`/api/vehicle/${ID}?from=2026-12-05&to=2026-12-05`);
    expect(vehiclePathWithDates(ID, undefined, '2026-12-05')).toBe(`/api/vehicle/${ID}?from=2026-12-05&to=2026-12-05`);
    expect(parseWantedDates(new URLSearchParams('from=2026-12-09&to=2026-12-02'))).toEqual({ from: '2026-12-02', to: '2026-12-09' });
  });
});
