import { useState } from 'react';
import type { ZodType } from 'zod';
import { CatalogueMessages } from '@rentdrive/contracts/catalogue';
import { useErrorModal } from '../../../components/ui/error-modal-provider';

/** What a field that failed the check shows under itself; the row's message says the rest. */
export const FIELD_REQUIRED_TEXT = 'Required.';

/**
 * Save of one catalogue row: the contract's schema checks the draft first (its message shows under
 * the row, and each field at fault is marked); the server's refusal (name taken...) goes to the
 * common error modal.
 */
export function useRowSaving() {
  const [errors, setErrors] = useState<Record<string, string>>({});
  /** Per row key: field name -> its own short message. */
  const [fieldErrors, setFieldErrors] = useState<Record<string, Record<string, string>>>({});
  const [savingKey, setSavingKey] = useState<string | null>(null);
  const { showError } = useErrorModal();

  function clearError(key: string) {
    setErrors((e) => withoutKey(e, key));
    setFieldErrors((e) => withoutKey(e, key));
  }

  /** A field edited after a failed check is no longer marked (the row's message stays until the next save). */
  function clearFields(key: string, fields: string[]) {
    setFieldErrors((e) => {
      const row = e[key];
      if (!row || !fields.some((f) => f in row)) return e;
      const next = { ...row };
      for (const f of fields) delete next[f];
      return { ...e, [key]: next };
    });
  }

  async function save<T>(key: string, schema: ZodType, draft: unknown, send: (valid: T) => Promise<unknown>, onSaved: () => void) {
    const parsed = schema.safeParse(draft);
    if (!parsed.success) {
      const message = parsed.error.issues[0]?.message ?? CatalogueMessages.invalidData;
      const fields: Record<string, string> = {};
      for (const issue of parsed.error.issues) {
        const field = String(issue.path[0] ?? '');
        if (field && !(field in fields))
          fields[field] = issue.message === CatalogueMessages.invalidData ? FIELD_REQUIRED_TEXT : issue.message;
      }
      setErrors((e) => ({ ...e, [key]: message }));
      setFieldErrors((e) => ({ ...e, [key]: fields }));
      return;
    }
    clearError(key);
    setSavingKey(key);
    try {
      await send(draft as T);
      onSaved();
    } catch (error) {
      showError(error);
    } finally {
      setSavingKey(null);
    }
  }

  /** The message of one field of a row whose check failed, for its `error` prop. */
  const fieldError = (key: string, field: string): string | undefined => fieldErrors[key]?.[field];

  return { errors, savingKey, save, clearError, clearFields, fieldError };
}

function withoutKey<T>(record: Record<string, T>, key: string): Record<string, T> {
  if (!(key in record)) return record;
  const next = { ...record };
  delete next[key];
  return next;
}
