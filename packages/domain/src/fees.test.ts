import { describe, expect, it } from 'vitest';
import { splitRentalPayment } from './fees';

describe('splitRentalPayment', () => {
  it('pays the owner 80 % and the company 20 %', () => {
    expect(splitRentalPayment(10_000, 20, false)).toEqual({ ownerCents: 8_000, companyCents: 2_000 });
  });
  it('pays the company everything for company property', () => {
    expect(splitRentalPayment(10_000, 20, true)).toEqual({ ownerCents: 0, companyCents: 10_000 });
  });
  it('never creates or loses a cent when the fee does not divide evenly', () => {
    for (const total of [1, 3, 7, 333, 1001, 99_999]) {
      const { ownerCents, companyCents } = splitRentalPayment(total, 20, false);
      expect(ownerCents + companyCents).toBe(total);
      expect(Number.isInteger(ownerCents) && Number.isInteger(companyCents)).toBe(true);
    }
  });
});
