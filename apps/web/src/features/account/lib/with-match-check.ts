import type { FieldValues, Path, Resolver } from 'react-hook-form';

/**
 * zod runs an object's refine only once every field is valid, so a mismatched confirmation would
 * stay silent while another field is still wrong. This wrapper adds the same message as soon as
 * both fields are filled and differ, so the form tells the user right after the field is touched.
 */
export function withMatchCheck<T extends FieldValues>(
  resolver: Resolver<T>,
  field: Path<T>,
  confirmField: Path<T>,
  message: string,
): Resolver<T> {
  return async (values, context, options) => {
    const result = await resolver(values, context, options);
    const value = values[field as keyof T] as unknown;
    const confirm = values[confirmField as keyof T] as unknown;
    const errors = result.errors as Record<string, unknown>;
    if (typeof value === 'string' && typeof confirm === 'string' && confirm !== '' && value !== confirm && !errors[confirmField]) {
      return { values: {}, errors: { ...result.errors, [confirmField]: { type: 'mismatch', message } } } as Awaited<
        ReturnType<Resolver<T>>
      >;
    }
    return result;
  };
}
