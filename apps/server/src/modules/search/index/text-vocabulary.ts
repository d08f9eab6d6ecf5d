/**
 * The words of every vehicle's search text and which vehicles hold each (an inverted index), for the
 * text query of the in-process search index (ADR 007).
 *
 * A query word matches a vehicle when it is a literal substring of one of the vehicle's words (what
 * `search_text LIKE '%word%'` answered: a query word holds no whitespace, so any occurrence lies
 * inside one whitespace-delimited word), or, for words that may carry typos (letters and digits, 3 or
 * more characters, not a bare number), when its trigram similarity to one of them reaches
 * FUZZY_THRESHOLD ('toyta' against 'toyota' 0.44, 'corola' against 'corolla' 0.67). Trigrams are
 * pg_trgm's: each run of letters and digits, lower-cased, padded with two spaces before and one after.
 * The similarity is the shared trigrams over the trigrams of either (pg_trgm's `similarity`).
 */

/** Lowest similarity counted as a typo of a word. */
export const FUZZY_THRESHOLD = 0.4;

/** Score of a vocabulary word for a query word: 1 for the word itself, less for a part or a typo. */
export type TermScores = Map<number, number>;

/**
 * Words that may match by similarity: letters and digits only, at least 3 characters, not a bare
 * number. Short words make too few trigrams, numbers (years) must not match their neighbours, and
 * words with punctuation match as literal substrings only.
 */
export function isFuzzyWord(word: string): boolean {
  return word.length >= 3 && /^[\p{L}\p{N}]+$/u.test(word) && !/^\d+$/.test(word);
}

/** The distinct trigrams of a text, pg_trgm style. */
export function trigrams(text: string): Set<string> {
  const out = new Set<string>();
  for (const part of text.toLowerCase().split(/[^\p{L}\p{N}]+/u)) {
    if (!part) continue;
    const padded = `  ${part} `;
    const chars = Array.from(padded);
    for (let i = 0; i + 2 < chars.length; i++) out.add(chars[i]! + chars[i + 1]! + chars[i + 2]!);
  }
  return out;
}

/** Splits a search text into its distinct whitespace-delimited words. */
export function textWords(text: string): string[] {
  return [...new Set(text.split(/\s+/).filter(Boolean))];
}

export class TextVocabulary {
  private readonly termIds = new Map<string, number>();
  private readonly terms: string[] = [];
  /** Rows holding each term (unordered; a row appears once per term). */
  private readonly postings: number[][] = [];
  /** Trigram -> ids of terms containing it, and each term's trigram count. */
  private readonly byTrigram = new Map<string, number[]>();
  private readonly trigramCounts: number[] = [];
  /** Query word -> its term scores, for the current vocabulary (cleared when a word is added). */
  private readonly matchCache = new Map<string, TermScores>();

  /** The id of a term, adding it when new. */
  termId(term: string): number {
    let id = this.termIds.get(term);
    if (id !== undefined) return id;
    id = this.terms.length;
    this.termIds.set(term, id);
    this.terms.push(term);
    this.postings.push([]);
    const grams = trigrams(term);
    this.trigramCounts.push(grams.size);
    for (const gram of grams) {
      let list = this.byTrigram.get(gram);
      if (!list) this.byTrigram.set(gram, (list = []));
      list.push(id);
    }
    this.matchCache.clear();
    return id;
  }

  /** Term ids of a text's words (distinct), added to the vocabulary as needed. */
  termIdsOf(text: string): Int32Array {
    return Int32Array.from(textWords(text), (word) => this.termId(word));
  }

  addRow(row: number, termIds: Int32Array): void {
    for (const id of termIds) this.postings[id]!.push(row);
  }

  removeRow(row: number, termIds: Int32Array): void {
    for (const id of termIds) {
      const list = this.postings[id]!;
      const at = list.indexOf(row);
      if (at >= 0) {
        list[at] = list[list.length - 1]!;
        list.pop();
      }
    }
  }

  rowsOf(termId: number): readonly number[] {
    return this.postings[termId] ?? [];
  }

  /** Every vocabulary word the query word matches, with its score (cached per vocabulary). */
  match(word: string): TermScores {
    const cached = this.matchCache.get(word);
    if (cached) return cached;
    const scores: TermScores = new Map();
    for (let id = 0; id < this.terms.length; id++) {
      const term = this.terms[id]!;
      if (term === word) scores.set(id, 1);
      // A part of a longer word: the more of it the query covers, the better (0.5 to just under 1).
      else if (term.includes(word)) scores.set(id, 0.5 + (0.5 * word.length) / term.length);
    }
    if (isFuzzyWord(word)) {
      const grams = trigrams(word);
      const shared = new Map<number, number>();
      for (const gram of grams) {
        for (const id of this.byTrigram.get(gram) ?? []) shared.set(id, (shared.get(id) ?? 0) + 1);
      }
      for (const [id, common] of shared) {
        const similarity = common / (grams.size + this.trigramCounts[id]! - common);
        if (similarity >= FUZZY_THRESHOLD && similarity > (scores.get(id) ?? 0)) scores.set(id, similarity);
      }
    }
    if (this.matchCache.size >= 1000) this.matchCache.clear();
    this.matchCache.set(word, scores);
    return scores;
  }

  get size(): number {
    return this.terms.length;
  }
}
