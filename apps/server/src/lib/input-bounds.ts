/**
 * How much shape any input may have. No request of the existing client nests deeper than a few
 * levels (a vehicle's `propertyValues[i].value` is three), so 32 leaves room and keeps every walk
 * over an input short: deeper JSON, or JSON with more items in one list than any request needs, is
 * refused before it is parsed, by a linear scan of its text (jsonShapeProblem).
 */
export const MAX_INPUT_DEPTH = 32;

/**
 * Items one array or object may hold (keys for an object). The largest list a request carries is
 * 200 notification ids; the bound keeps a body of a million tiny items from costing a million
 * checks.
 */
export const MAX_INPUT_ITEMS = 1_000;

/** The rule a too-deep input breaks, as the refusal's detail names it. */
export const InputBoundsMessages = {
  bodyTooDeep: `The request body is nested too deeply: at most ${MAX_INPUT_DEPTH} levels of arrays and objects are allowed.`,
  messageTooDeep: `A message is nested too deeply: at most ${MAX_INPUT_DEPTH} levels of arrays and objects are allowed.`,
  bodyTooManyItems: `The request body has an array or object with too many items: at most ${MAX_INPUT_ITEMS.toLocaleString('en-US')} are allowed.`,
  messageTooManyItems: `A message has an array or object with too many items: at most ${MAX_INPUT_ITEMS.toLocaleString('en-US')} are allowed.`,
  queryTooDeep: `A query parameter name is nested too deeply: at most ${MAX_INPUT_DEPTH} levels of brackets are allowed.`,
  queryTooManyItems: `The query has too many parameters: at most ${MAX_INPUT_ITEMS.toLocaleString('en-US')} are allowed.`,
  fieldNameTooDeep: `A form field name is nested too deeply: at most ${MAX_INPUT_DEPTH} levels of brackets are allowed.`,
  valueTooDeep: (field: string) => `${field} is nested too deeply: at most ${MAX_INPUT_DEPTH} levels of arrays and objects are allowed.`,
} as const;

const OPEN_BRACKET = 0x5b; // [
const CLOSE_BRACKET = 0x5d; // ]
const OPEN_BRACE = 0x7b; // {
const CLOSE_BRACE = 0x7d; // }
const COMMA = 0x2c; // ,
const DOT = 0x2e; // .
const QUOTE = 0x22; // "
const BACKSLASH = 0x5c; // \

/** What is wrong with a JSON text's shape, if anything. */
export type JsonShapeProblem = 'too-deep' | 'too-many-items';

/**
 * Whether JSON text opens more than MAX_INPUT_DEPTH arrays and objects inside one another, or puts
 * more than MAX_INPUT_ITEMS items in one of them. One pass over the characters, skipping strings
 * (brackets and commas inside a string do not count), building nothing: invalid JSON is left to the
 * parser. Stops at the first problem, so a hostile text costs at most one look at each character.
 */
export function jsonShapeProblem(text: string): JsonShapeProblem | undefined {
  // Commas seen so far in each open container (index = depth); n commas = n + 1 items.
  const commas = new Int32Array(MAX_INPUT_DEPTH + 1);
  let depth = 0;
  const length = text.length;
  for (let i = 0; i < length; i++) {
    const c = text.charCodeAt(i);
    if (c === QUOTE) {
      // Skip the string: a backslash escapes the next character, whatever it is.
      for (i++; i < length; i++) {
        const s = text.charCodeAt(i);
        if (s === BACKSLASH) i++;
        else if (s === QUOTE) break;
      }
    } else if (c === OPEN_BRACKET || c === OPEN_BRACE) {
      if (++depth > MAX_INPUT_DEPTH) return 'too-deep';
      commas[depth] = 0;
    } else if (c === CLOSE_BRACKET || c === CLOSE_BRACE) {
      if (depth > 0) depth--;
    } else if (c === COMMA && depth > 0) {
      const seen = (commas[depth] ?? 0) + 1;
      if (seen >= MAX_INPUT_ITEMS) return 'too-many-items';
      commas[depth] = seen;
    }
  }
  return undefined;
}

/** How many levels a form or query name like `a[b][0].c` opens: one per `[` or `.`. */
export function nameDepth(name: string): number {
  let depth = 0;
  for (let i = 0; i < name.length; i++) {
    const c = name.charCodeAt(i);
    if (c === OPEN_BRACKET || c === DOT) depth++;
  }
  return depth;
}
