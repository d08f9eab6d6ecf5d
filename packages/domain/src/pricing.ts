import type { Cents } from './money';

/** SPEC 9: rent total = price per day x number of selected days. */
export function rentalTotalCents(pricePerDayCents: Cents, dayCount: number): Cents {
  return pricePerDayCents * dayCount;
}

/** SPEC 9: the balance must be at least the total. */
export function canAfford(balanceCents: Cents, totalCents: Cents): boolean {
  return balanceCents >= totalCents;
}
