/** Joins class names, skipping falsy ones (a tiny clsx, to keep the bundle small). */
export function cn(...parts: (string | false | null | undefined)[]): string {
  return parts.filter(Boolean).join(' ');
}
