/**
 * A whole number with commas between thousands, as English writes it ('1,234 vehicles found').
 * Not `toLocaleString('en')`: its first call builds a number format, about 45 ms on a phone's CPU
 * during the listing's hydration.
 */
export function formatCount(count: number): string {
  if (!Number.isSafeInteger(count)) return String(count);
  const digits = String(Math.abs(count));
  let grouped = '';
  for (let end = digits.length; end > 0; end -= 3) {
    grouped = end - 3 > 0 ? `,${digits.slice(end - 3, end)}${grouped}` : `${digits.slice(0, end)}${grouped}`;
  }
  return count < 0 ? `-${grouped}` : grouped;
}
