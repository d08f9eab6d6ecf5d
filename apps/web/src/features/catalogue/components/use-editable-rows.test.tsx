import { act, renderHook } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { useEditableRows } from './use-editable-rows';

interface Saved {
  id: number;
  name: string;
}

function setup(rows: Saved[]) {
  return renderHook(() =>
    useEditableRows<Saved, { name: string }>({
      rows,
      keyOf: (s) => String(s.id),
      toDraft: (s) => ({ name: s.name }),
      blankDraft: () => ({ name: '' }),
    }),
  );
}

describe('useEditableRows', () => {
  it('adds a local row with a temporary id that cancel removes', () => {
    const { result } = setup([{ id: 1, name: 'Car' }]);
    let key = '';
    act(() => {
      key = result.current.add();
    });
    expect(result.current.rows).toHaveLength(2);
    expect(result.current.rows[0]).toMatchObject({ key, isNew: true, draft: { name: '' } });
    expect(key).toMatch(/^new-/);
    act(() => result.current.close(key));
    expect(result.current.rows.map((r) => r.key)).toEqual(['1']);
  });

  it('edits a saved row with a draft and cancel restores the saved values', () => {
    const { result } = setup([{ id: 1, name: 'Car' }]);
    act(() => result.current.edit(result.current.rows[0]!));
    act(() => result.current.change('1', { name: 'Cars' }));
    expect(result.current.rows[0]?.draft).toEqual({ name: 'Cars' });
    act(() => result.current.close('1'));
    expect(result.current.rows[0]).toMatchObject({ draft: null, saved: { name: 'Car' } });
  });
});
