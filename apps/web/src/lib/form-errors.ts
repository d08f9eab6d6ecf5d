import type { FieldValues, Path, UseFormSetError } from 'react-hook-form';
import { isApiError } from './api-client';

/**
 * Puts a failed request's messages on the form, so they are shown and not swallowed: field errors
 * (problem+json `errors`) on their fields, everything else as the form's root error
 * (`formState.errors.root?.server?.message`). Returns the root message, if any.
 */
export function applyApiErrorToForm<T extends FieldValues>(
  error: unknown,
  setError: UseFormSetError<T>,
  fields: readonly Path<T>[],
): string | null {
  if (applyFieldErrors(error, setError, fields)) return null;
  const message = isApiError(error) ? error.detail : 'Something went wrong while processing your request. Please try again later.';
  setError('root.server', { type: 'server', message });
  return message;
}

/**
 * Puts a failed request's field errors (problem+json `errors`) on those of `fields` they name, the
 * first one focused; for forms that show the request's message elsewhere (a modal, an alert).
 * Returns whether any message was placed.
 */
export function applyFieldErrors<T extends FieldValues>(error: unknown, setError: UseFormSetError<T>, fields: readonly Path<T>[]): boolean {
  let placedOnField = false;
  if (!isApiError(error)) return false;
  for (const field of fields) {
    const messages = error.fieldErrors[field as string];
    if (messages && messages.length > 0) {
      setError(field, { type: 'server', message: messages[0] }, { shouldFocus: !placedOnField });
      placedOnField = true;
    }
  }
  return placedOnField;
}
