/** Money is integer cents inside; euros exist only on the wire and in inputs. */
export type Cents = number;

/** Euros (at most 2 decimals) to integer cents, without floating-point drift. */
export function eurosToCents(euros: number): Cents {
  return Math.round(euros * 100);
}

export function centsToEuros(cents: Cents): number {
  return cents / 100;
}

/** Whether a euro amount has at most two decimals (1.005 does not). */
export function hasAtMostTwoDecimals(euros: number): boolean {
  return Number.isFinite(euros) && Math.abs(euros * 100 - Math.round(euros * 100)) < 1e-6;
}

/** '12.50' — two decimals, no currency sign (the UI adds '€'). */
export function formatEuros(euros: number): string {
  return euros.toFixed(2);
}
