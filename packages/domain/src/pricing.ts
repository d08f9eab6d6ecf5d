import type { Cents } from './money';

/** Rent total = price per day x number of selected days. */
export function rentalTotalCents(pricePerDayCents: Cents, dayCount: number): Cents {
  return pricePerDayCents * dayCount;
}

/** The balance must be at least the total. */
export function canAfford(balanceCents: Cents, totalCents: Cents): boolean {
  return balanceCents >= totalCents;
}
