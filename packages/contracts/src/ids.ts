/**
 * The shape of an id (a UUID, any version, either case). An id that cannot exist is answered as
 * not found before any query: PostgreSQL would reject it as a uuid with an error instead.
 */
export const UUID_PATTERN = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export function isUuid(value: string): boolean {
  return UUID_PATTERN.test(value);
}

/**
 * The largest serial id (PostgreSQL's integer): a larger number cannot name a row, and a query or
 * insert with it would fail inside the database instead of being refused as the caller's mistake.
 */
export const SERIAL_ID_MAX = 2_147_483_647;
