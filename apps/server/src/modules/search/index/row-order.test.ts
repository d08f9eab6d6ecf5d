import { describe, expect, it } from 'vitest';
import { RowOrder } from './row-order';

describe('RowOrder', () => {
  it('keeps every row at its rank in the order through inserts, removals and changed values', () => {
    let seed = 5;
    const random = (n: number) => (seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31) % n;
    const value: number[] = [];
    const order = new RowOrder((a, b) => value[a]! - value[b]! || a - b);
    const live = new Set<number>();
    for (let row = 0; row < 200; row++) {
      value[row] = random(50);
      live.add(row);
    }
    order.build([...live], 400);
    for (let step = 0; step < 2000; step++) {
      const row = random(400);
      if (live.has(row) && random(2) === 0) {
        order.remove(row);
        live.delete(row);
      } else {
        if (live.has(row)) order.remove(row);
        value[row] = random(50);
        live.add(row);
        order.insert(row);
      }
      if (step % 100 === 0 || step === 1999) {
        const expected = [...live].sort((a, b) => value[a]! - value[b]! || a - b);
        expect(
          expected.map((r) => order.positions[r]),
          `step ${step}`,
        ).toEqual(expected.map((_, i) => i));
      }
    }
  });

  it('does nothing until built, and builds again after a reset', () => {
    const order = new RowOrder((a, b) => a - b);
    order.insert(3);
    expect(order.isBuilt).toBe(false);
    order.build([2, 0, 1], 10);
    order.insert(5);
    expect([0, 1, 2, 5].map((r) => order.positions[r])).toEqual([0, 1, 2, 3]);
    order.reset();
    expect(order.isBuilt).toBe(false);
  });
});
