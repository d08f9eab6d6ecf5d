import { useRef, useState } from 'react';

/** A table row as the screen sees it: a saved row (maybe being edited) or a local new row. */
export interface EditableRow<S, D> {
  /** The saved id as a string, or a temporary id ('new-1') for a row not saved yet. */
  key: string;
  saved: S | null;
  /** Present while the row is in edit mode. */
  draft: D | null;
  isNew: boolean;
}

interface Options<S, D> {
  rows: S[] | undefined;
  keyOf: (saved: S) => string;
  toDraft: (saved: S) => D;
  blankDraft: () => D;
}

const TEMP_PREFIX = 'new-';

/**
 * Row states of the catalogue tables: edit, save, cancel. 'Add' inserts a local row with a
 * temporary id that cancel removes; a saved row's cancel drops its draft.
 */
export function useEditableRows<S, D>({ rows, keyOf, toDraft, blankDraft }: Options<S, D>) {
  const [drafts, setDrafts] = useState<Record<string, D>>({});
  const [newKeys, setNewKeys] = useState<string[]>([]);
  const counter = useRef(0);

  const newRows: EditableRow<S, D>[] = newKeys.map((key) => ({ key, saved: null, draft: drafts[key] ?? null, isNew: true }));
  const savedRows: EditableRow<S, D>[] = (rows ?? []).map((saved) => {
    const key = keyOf(saved);
    return { key, saved, draft: drafts[key] ?? null, isNew: false };
  });

  function add(): string {
    counter.current += 1;
    const key = `${TEMP_PREFIX}${counter.current}`;
    setNewKeys((keys) => [key, ...keys]);
    setDrafts((d) => ({ ...d, [key]: blankDraft() }));
    return key;
  }

  function edit(row: EditableRow<S, D>) {
    if (row.saved) {
      const draft = toDraft(row.saved);
      setDrafts((d) => ({ ...d, [row.key]: draft }));
    }
  }

  function change(key: string, patch: Partial<D>) {
    setDrafts((d) => {
      const current = d[key];
      return current ? { ...d, [key]: { ...current, ...patch } } : d;
    });
  }

  /** Leaves edit mode; a new row disappears. Also used after a successful save. */
  function close(key: string) {
    setDrafts((d) => {
      const next = { ...d };
      delete next[key];
      return next;
    });
    setNewKeys((keys) => keys.filter((k) => k !== key));
  }

  return { rows: [...newRows, ...savedRows], add, edit, change, close };
}
