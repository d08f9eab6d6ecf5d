import type { Cents } from './money';

export interface PaymentSplit {
  ownerCents: Cents;
  companyCents: Cents;
}

/**
 * How a completed rental's payment leaves escrow: the owner gets (100 - fee)% and the company the
 * fee; company-property vehicles pay the company everything. The company's share is rounded half up
 * and the owner gets the rest, so the two always add up to the total: no cent created or lost.
 */
export function splitRentalPayment(totalCents: Cents, feePercent: number, isCompanyProperty: boolean): PaymentSplit {
  if (isCompanyProperty) return { ownerCents: 0, companyCents: totalCents };
  const companyCents = Math.round((totalCents * feePercent) / 100);
  return { ownerCents: totalCents - companyCents, companyCents };
}
