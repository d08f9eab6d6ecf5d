import { describe, expect, it } from 'vitest';
import { IntLists } from './int-lists';

describe('IntLists', () => {
  it('keeps each row its own list through replacements, growth and compaction', () => {
    const lists = new IntLists();
    const expected = new Map<number, number[]>();
    let seed = 3;
    const random = (n: number) => (seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31) % n;
    for (let step = 0; step < 20_000; step++) {
      const row = random(3000);
      const values = Array.from({ length: random(12) }, () => random(1_000_000));
      lists.set(row, values);
      expected.set(row, values);
    }
    for (const [row, values] of expected) expect(Array.from(lists.get(row)), `row ${row}`).toEqual(values);
    expect(Array.from(lists.get(999_999))).toEqual([]);
  });
});
