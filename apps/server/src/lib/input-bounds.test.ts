import { describe, expect, it } from 'vitest';
import { jsonShapeProblem, MAX_INPUT_DEPTH, MAX_INPUT_ITEMS } from './input-bounds';

const nested = (depth: number, inner = '') => '['.repeat(depth) + inner + ']'.repeat(depth);
const list = (items: number) => `[${Array<string>(items).fill('0').join(',')}]`;

describe('jsonShapeProblem', () => {
  it('accepts nesting up to the limit, arrays and objects alike, and refuses one level more', () => {
    expect(jsonShapeProblem(nested(MAX_INPUT_DEPTH))).toBeUndefined();
    expect(jsonShapeProblem('{"a":'.repeat(MAX_INPUT_DEPTH) + '1' + '}'.repeat(MAX_INPUT_DEPTH))).toBeUndefined();
    expect(jsonShapeProblem(nested(MAX_INPUT_DEPTH + 1))).toBe('too-deep');
    expect(jsonShapeProblem('{"a":'.repeat(MAX_INPUT_DEPTH + 1) + '1' + '}'.repeat(MAX_INPUT_DEPTH + 1))).toBe('too-deep');
    // Depth is what is open at once, not how many containers there are.
    expect(
      jsonShapeProblem(
        `[${Array<string>(500)
          .fill(nested(MAX_INPUT_DEPTH - 1))
          .join(',')}]`,
      ),
    ).toBeUndefined();
  });

  it('refuses the first level too deep even when the text never closes', () => {
    expect(jsonShapeProblem('['.repeat(400_000))).toBe('too-deep');
  });

  it('accepts lists up to the item limit and refuses one item more, at any depth', () => {
    expect(jsonShapeProblem(list(MAX_INPUT_ITEMS))).toBeUndefined();
    expect(jsonShapeProblem(list(MAX_INPUT_ITEMS + 1))).toBe('too-many-items');
    expect(jsonShapeProblem(`{"a":{"b":${list(MAX_INPUT_ITEMS + 1)}}}`)).toBe('too-many-items');
    const keys = (n: number) => `{${Array.from({ length: n }, (_, i) => `"k${i}":1`).join(',')}}`;
    expect(jsonShapeProblem(keys(MAX_INPUT_ITEMS))).toBeUndefined();
    expect(jsonShapeProblem(keys(MAX_INPUT_ITEMS + 1))).toBe('too-many-items');
    // Items are counted per list: many short lists side by side are fine.
    expect(jsonShapeProblem(`[${Array<string>(MAX_INPUT_ITEMS).fill(list(MAX_INPUT_ITEMS)).join(',')}]`)).toBeUndefined();
  });

  it('does not count brackets, braces or commas inside strings, escaped quotes included', () => {
    expect(jsonShapeProblem(JSON.stringify({ text: '['.repeat(1_000) + ','.repeat(5_000) }))).toBeUndefined();
    expect(jsonShapeProblem(JSON.stringify({ text: 'say \\"[[[[" and \\\\', more: '{{{{' }))).toBeUndefined();
    expect(jsonShapeProblem(`["\\"", ${nested(MAX_INPUT_DEPTH)}]`)).toBe('too-deep');
  });

  it('leaves invalid JSON to the parser', () => {
    expect(jsonShapeProblem(']]]]')).toBeUndefined();
    expect(jsonShapeProblem('"unterminated')).toBeUndefined();
    expect(jsonShapeProblem('not json')).toBeUndefined();
  });
});
