import { describe, expect, it } from 'vitest';
import { balanceText } from './balance-badge';
import { copyrightLine } from './footer';

describe('header balance text', () => {
  it("shows 'Balance: X.XX€' and the pending part only when pending is above 0", () => {
    expect(balanceText(0, 0)).toBe('Balance: 0.00€');
    expect(balanceText(365, 757.6)).toBe('Balance: 365.00€ (Pending: 757.60€)');
    expect(balanceText(12.5, 0)).toBe('Balance: 12.50€');
  });
});

describe('footer copyright', () => {
  it('shows 2025 alone in 2025 and a range from 2025 afterwards', () => {
    expect(copyrightLine(2025, 'RentDrive')).toBe('© 2025 RentDrive Co., Ltd.');
    expect(copyrightLine(2027, 'Acme Rides')).toBe('© 2025–2027 Acme Rides Co., Ltd.');
  });
});
