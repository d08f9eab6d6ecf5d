import { useState } from 'react';
import type { ZodType } from 'zod';
import { useErrorModal } from '../../../components/ui/error-modal-provider';

/**
 * Save of one catalogue row: the contract's schema checks the draft first (its message shows under
 * the row); the server's refusal (name taken...) goes to the common error modal.
 */
export function useRowSaving() {
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [savingKey, setSavingKey] = useState<string | null>(null);
  const { showError } = useErrorModal();

  function clearError(key: string) {
    setErrors((e) => {
      if (!(key in e)) return e;
      const next = { ...e };
      delete next[key];
      return next;
    });
  }

  async function save<T>(key: string, schema: ZodType, draft: unknown, send: (valid: T) => Promise<unknown>, onSaved: () => void) {
    const parsed = schema.safeParse(draft);
    if (!parsed.success) {
      const message = parsed.error.issues[0]?.message ?? 'Please enter valid data!';
      setErrors((e) => ({ ...e, [key]: message }));
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

  return { errors, savingKey, save, clearError };
}
