import { describe, expect, it } from 'vitest';
import { canAfford, rentalTotalCents } from './pricing';

describe('pricing', () => {
  it('multiplies the price per day by the number of days', () => {
    expect(rentalTotalCents(4_999, 3)).toBe(14_997);
  });
  it('needs a balance of at least the total', () => {
    expect(canAfford(14_997, 14_997)).toBe(true);
    expect(canAfford(14_996, 14_997)).toBe(false);
  });
});
