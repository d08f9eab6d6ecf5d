/** The PostgreSQL error behind a driver error (Drizzle wraps the driver's error in `cause`). */
export function pgError(error: unknown): { code: string; constraint?: string } | undefined {
  for (let e: unknown = error, depth = 0; e && typeof e === 'object' && depth < 5; e = (e as { cause?: unknown }).cause, depth++) {
    const code = (e as { code?: unknown }).code;
    if (typeof code === 'string' && /^[0-9A-Z]{5}$/.test(code)) {
      const constraint = (e as { constraint?: unknown }).constraint;
      return { code, constraint: typeof constraint === 'string' ? constraint : undefined };
    }
  }
  return undefined;
}

/**
 * A unique violation (23505), whichever driver raised it; with `constraint`, only that constraint's
 * (a driver that does not name the constraint counts as a match).
 */
export function isUniqueViolation(error: unknown, constraint?: string): boolean {
  const pg = pgError(error);
  return pg?.code === '23505' && (constraint === undefined || pg.constraint === undefined || pg.constraint === constraint);
}

export function isCheckViolation(error: unknown, constraint: string): boolean {
  const pg = pgError(error);
  return pg?.code === '23514' && (pg.constraint === undefined || pg.constraint === constraint);
}

/** Deadlock or serialization failure: the whole transaction may simply be run again. */
export function isRetryableConflict(error: unknown): boolean {
  const code = pgError(error)?.code;
  return code === '40P01' || code === '40001';
}
