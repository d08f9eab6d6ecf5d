/**
 * What a new username may be: after NFKC normalization (full-width and other compatibility forms
 * become their plain letters), only letters and digits of any script and `.`, `_`, `-`. That leaves
 * out spaces, control characters and invisible format characters (zero-width, bidi overrides),
 * which let one name pass for another in chat, reviews and bookings. Names that existed before this
 * rule keep working for sign-in; they only meet it when changed.
 */
export const USERNAME_PATTERN = /^[\p{L}\p{N}._-]+$/u;

/** The form a username is stored and compared in. */
export function normalizeUsername(value: string): string {
  return value.normalize('NFKC').trim();
}

export function isAllowedUsername(value: string): boolean {
  return USERNAME_PATTERN.test(normalizeUsername(value));
}
