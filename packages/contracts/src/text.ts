import { z } from 'zod';

/**
 * Rules every text the API accepts follows, whatever the field. PostgreSQL cannot store U+0000, and
 * the other C0 control characters have no business in names, e-mails or search texts; multi-line
 * fields (descriptions, messages, comments) may carry tab and line breaks.
 */
export const TextMessages = {
  controlCharacter: (field: string) => `${field} must not contain control characters.`,
  brokenCharacter: (field: string) => `${field} contains a character that is not valid Unicode.`,
} as const;

/** Schemas registered here accept tab, line feed and carriage return. */
export const multilineTexts = z.registry<{ multiline: true }>();

/** Marks a text schema as multi-line (tab and line breaks allowed); returns the same schema. */
export function multiline<S extends z.ZodType>(schema: S): S {
  multilineTexts.add(schema, { multiline: true });
  return schema;
}

// eslint-disable-next-line no-control-regex
const SINGLE_LINE_FORBIDDEN = /[\u0000-\u001f\u007f]/;
// eslint-disable-next-line no-control-regex
const MULTI_LINE_FORBIDDEN = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/;
const LONE_SURROGATE = /\p{Cs}/u;

/** What is wrong with a text value, or null when it may be stored. */
export function textProblem(value: string, allowMultiline: boolean): 'control' | 'broken' | null {
  if ((allowMultiline ? MULTI_LINE_FORBIDDEN : SINGLE_LINE_FORBIDDEN).test(value)) return 'control';
  if (LONE_SURROGATE.test(value)) return 'broken';
  return null;
}
