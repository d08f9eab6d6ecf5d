import { describe, expect, it } from 'vitest';
import { DashboardMessages, DashboardRangeQuerySchema, MarketplaceQuerySchema } from './dashboard';

describe('dashboard periods', () => {
  it('takes calendar days from 1970 on', () => {
    expect(DashboardRangeQuerySchema.safeParse({ from: '1970-01-01', to: '2026-11-28' }).success).toBe(false); // longer than 3 years
    expect(DashboardRangeQuerySchema.parse({ from: '2025-12-01', to: '2026-11-28' })).toEqual({ from: '2025-12-01', to: '2026-11-28' });
    expect(MarketplaceQuerySchema.parse({ from: '1970-01-01', to: '1970-12-31' })).toMatchObject({ from: '1970-01-01' });
  });

  it.each(['0000-09-09', '0001-01-01', '1969-12-31', '2026-02-30', '26-01-01', '2026-1-01'])('refuses %s with the date hint', (day) => {
    const result = MarketplaceQuerySchema.safeParse({ from: day });
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]?.message).toBe(DashboardMessages.badDate);
  });
});
