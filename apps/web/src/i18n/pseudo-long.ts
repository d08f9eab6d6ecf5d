import type { Messages } from '@lingui/core';

/**
 * Pseudo-long German (VITE_PSEUDO_LONG=1 builds only): every vowel doubled (words about 35 % longer,
 * and as unbreakable as German compounds) and each message between ⟦ and ⟧, so a cut text shows a
 * missing bracket. Placeholders, tags and plural branches keep their shape.
 */
export function pseudoLong(messages: Messages): Messages {
  type Token = string | unknown[];
  const text = (t: string) => t.replace(/([aeiouäöüAEIOUÄÖÜ])/g, '$1$1');
  const tokens = (m: unknown): unknown => {
    if (typeof m === 'string') return text(m);
    if (!Array.isArray(m)) return m;
    return (m as Token[]).map((token) => {
      if (typeof token === 'string') return text(token);
      // [name, format?, branches?]: the name stays, the branches' texts grow.
      const [name, format, branches, ...rest] = token;
      if (!branches || typeof branches !== 'object') return token;
      const grown = Object.fromEntries(Object.entries(branches).map(([key, branch]) => [key, tokens(branch)]));
      return [name, format, grown, ...rest];
    });
  };
  return Object.fromEntries(
    Object.entries(messages).map(([id, message]) => {
      const grown = tokens(message);
      return [id, typeof grown === 'string' ? `⟦${grown}⟧` : ['⟦', ...(grown as unknown[]), '⟧']];
    }),
  ) as Messages;
}
