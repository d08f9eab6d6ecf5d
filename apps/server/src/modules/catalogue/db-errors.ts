/** Whether a database error is a unique violation (PostgreSQL 23505), whichever driver raised it. */
export function isUniqueViolation(error: unknown): boolean {
  for (let e: unknown = error, depth = 0; e && typeof e === 'object' && depth < 5; e = (e as { cause?: unknown }).cause, depth++) {
    if ((e as { code?: unknown }).code === '23505') return true;
  }
  return false;
}

/** '1 vehicle' / '3 vehicles' */
export function vehiclesCount(n: number): string {
  return `${n} ${n === 1 ? 'vehicle' : 'vehicles'}`;
}
