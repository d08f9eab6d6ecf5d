import { describe, expect, it } from 'vitest';
import { TextIndex } from './text-index';
import { TextPostings } from './text-postings';

const matched = (text: TextIndex, ...words: string[]) => Array.from(text.match(words)).sort((a, b) => a - b);

describe('TextIndex', () => {
  it('forgets every word when every row is removed, and finds no removed word, not even by a typo', () => {
    const text = new TextIndex();
    text.grow(16);
    text.set(0, 'toyota corolla car quokka', 'Toyota', 'Corolla');
    text.set(1, 'ford focus car', 'Ford', 'Focus');
    text.set(2, 'toyota yaris car narwhal', 'Toyota', 'Yaris');
    expect(matched(text, 'quoka')).toEqual([0]);
    expect(text.footprint().words).toBe(8);

    text.remove(0);
    expect(matched(text, 'quokka')).toEqual([]);
    expect(matched(text, 'quoka')).toEqual([]);
    expect(matched(text, 'toyta')).toEqual([2]);
    expect(text.footprint().words).toBe(6);

    text.remove(1);
    text.remove(2);
    expect(text.footprint()).toEqual({ words: 0, idSlots: 8, trigrams: 0 });
    expect(matched(text, 'car')).toEqual([]);

    // Freed ids serve new words; the old ones stay gone.
    text.set(1, 'skoda octavia', 'Skoda', 'Octavia');
    expect(matched(text, 'octavia')).toEqual([1]);
    expect(matched(text, 'toyota')).toEqual([]);
    expect(text.footprint()).toMatchObject({ words: 2, idSlots: 8 });
  });

  it('does not grow under add and remove churn of distinct words', () => {
    const text = new TextIndex();
    text.grow(64);
    const sizes: { idSlots: number; trigrams: number }[] = [];
    for (let round = 0; round < 4000; round++) {
      const row = round % 50;
      text.set(row, `car w${round} x${round * 7} common`, 'Make', `m${round}`);
      if (round % 3 === 0) text.remove((round * 13) % 50);
      if (round % 1000 === 999) sizes.push(text.footprint());
    }
    // At most 50 rows of 6 distinct words are held at once.
    for (const size of sizes) expect(size.idSlots).toBeLessThanOrEqual(50 * 6 + 6);
    expect(sizes.at(-1)!.trigrams).toBeLessThanOrEqual(sizes[0]!.trigrams * 1.5);
    for (let row = 0; row < 50; row++) text.remove(row);
    expect(text.footprint().words).toBe(0);
    expect(text.footprint().trigrams).toBe(0);
  });

  it('keeps the words a changed row keeps under the same ids', () => {
    const text = new TextIndex();
    text.grow(4);
    text.set(0, 'tesla model 3 quiet', 'Tesla', 'Model 3');
    const before = text.footprint();
    for (let i = 0; i < 100; i++) text.set(0, i % 2 ? 'tesla model 3 quiet' : 'tesla model 3 clean', 'Tesla', 'Model 3');
    expect(text.footprint().idSlots).toBeLessThanOrEqual(before.idSlots + 1);
    expect(matched(text, 'quiet')).toEqual([0]);
    expect(matched(text, 'clean')).toEqual([]);
  });
});

describe('TextPostings', () => {
  it('keeps each word list exact through removals in any order', () => {
    const postings = new TextPostings();
    const model = new Map<number, Set<number>>();
    let seed = 11;
    const random = (n: number) => (seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31) % n;
    const held = new Map<number, number[]>();
    for (let step = 0; step < 5000; step++) {
      const row = random(300);
      const old = held.get(row);
      if (old) {
        expect(Array.from(postings.remove(row)).sort((a, b) => a - b)).toEqual([...old].sort((a, b) => a - b));
        for (const id of old) model.get(id)!.delete(row);
        held.delete(row);
      }
      if (random(3) > 0) {
        const ids = [...new Set(Array.from({ length: random(6) }, () => random(20)))];
        postings.add(row, ids);
        for (const id of ids) (model.get(id) ?? model.set(id, new Set()).get(id)!).add(row);
        held.set(row, ids);
      }
    }
    for (let id = 0; id < 20; id++) {
      expect(
        [...postings.rowsOf(id)].sort((a, b) => a - b),
        `word ${id}`,
      ).toEqual([...(model.get(id) ?? [])].sort((a, b) => a - b));
    }
  });
});
