import type { KeyboardEvent } from 'react';
import type { ZodType } from 'zod';
import { useDeleteConfirmation } from './use-delete-confirmation';
import { useEditableRows, type EditableRow } from './use-editable-rows';
import { useRowSaving } from './use-row-saving';

interface Options<S extends { name: string }, D, Req> {
  rows: S[] | undefined;
  keyOf: (saved: S) => string;
  toDraft: (saved: S) => D;
  blankDraft: () => D;
  /** The delete question ('Delete this category?'), in the shown language. */
  deleteTitle: string;
  remove: (saved: S) => Promise<unknown>;
  /** The contract's save schema: checks the body before it is sent. */
  schema: ZodType;
  toBody: (row: EditableRow<S, D>, draft: D) => unknown;
  create: (valid: Req) => Promise<unknown>;
  update: (valid: Req, saved: S) => Promise<unknown>;
}

/**
 * What the three catalogue tables share: editable rows, saving one row (create or edit, then leave
 * edit mode), cancelling (also on Escape) and the delete question.
 */
export function useCatalogueTable<S extends { name: string }, D, Req>(options: Options<S, D, Req>) {
  const { rows, keyOf, toDraft, blankDraft, deleteTitle, remove, schema, toBody, create, update } = options;
  const table = useEditableRows<S, D>({ rows, keyOf, toDraft, blankDraft });
  const saving = useRowSaving();
  const deletion = useDeleteConfirmation<S>(deleteTitle, remove);

  function save(row: EditableRow<S, D>) {
    if (!row.draft) return;
    const body = toBody(row, row.draft);
    void saving.save<Req>(
      row.key,
      schema,
      body,
      (valid) => (row.saved ? update(valid, row.saved) : create(valid)),
      () => table.close(row.key),
    );
  }

  function cancel(row: EditableRow<S, D>) {
    saving.clearError(row.key);
    table.close(row.key);
  }

  function change(key: string, patch: Partial<D>) {
    table.change(key, patch);
    saving.clearFields(key, Object.keys(patch));
  }

  const cancelOnEscape = (row: EditableRow<S, D>) => (e: KeyboardEvent) => {
    if (e.key === 'Escape') cancel(row);
  };

  return { ...table, change, saving, deletion, save, cancel, cancelOnEscape };
}

export type CatalogueTable<S extends { name: string }, D> = ReturnType<typeof useCatalogueTable<S, D, unknown>>;
