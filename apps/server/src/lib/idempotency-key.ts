import { AppError } from './app-error';

/** The Idempotency-Key header, validated: 1-255 visible ASCII characters, or undefined when absent. */
export function parseIdempotencyKey(header: unknown): string | undefined {
  if (header === undefined) return undefined;
  const value: unknown = Array.isArray(header) ? header[0] : header;
  if (typeof value !== 'string' || !/^[\x21-\x7e]{1,255}$/.test(value)) {
    throw AppError.validation('The Idempotency-Key header must be 1 to 255 visible characters.', {
      'Idempotency-Key': ['The Idempotency-Key header must be 1 to 255 visible characters.'],
    });
  }
  return value;
}
