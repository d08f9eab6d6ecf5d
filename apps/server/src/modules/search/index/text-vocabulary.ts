import { IntLists } from './int-lists';

/**
 * The words of every vehicle's search text, and which of them a query word matches, for the text
 * query of the in-process search index (ADR 007); which rows hold each word is in text-postings.ts.
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

/** Sizes of the vocabulary's parts (tests check that they follow the words in use). */
export interface VocabularyFootprint {
  /** Words in use. */
  words: number;
  /** Ids ever handed out (freed ids are reused, so this stays near the most words held at once). */
  idSlots: number;
  /** Distinct trigrams of the words in use. */
  trigrams: number;
}

/**
 * Each word in use, with a small integer id and a count of its holders (a row's text, a row's make
 * and model): a word whose last holder goes leaves the vocabulary, its trigrams and its id (which
 * the next new word reuses), so the vocabulary is the words of the current vehicles only.
 */
export class TextVocabulary {
  private readonly idOf = new Map<string, number>();
  /** Word by id; '' for a free id (no word is empty). */
  private readonly words: string[] = [];
  private readonly holders: number[] = [];
  private readonly freeIds: number[] = [];
  /** Trigram -> ids of the words containing it (unordered). */
  private readonly byTrigram = new Map<string, number[]>();
  /** Per word id: its trigram count, and its position in each of its trigrams' lists (in `trigrams` order). */
  private readonly trigramCounts: number[] = [];
  private readonly trigramSlots = new IntLists();
  /**
   * Query word -> its word scores. Cleared when a word is added (it may match cached queries). A word
   * leaving needs no clearing: its id holds no rows until it is reused, and reuse is an addition.
   */
  private readonly matchCache = new Map<string, TermScores>();

  /** The ids of a text's distinct words, each now held once more (added when new). */
  hold(text: string): Int32Array {
    return Int32Array.from(textWords(text), (word) => this.holdWord(word));
  }

  /** Lets go of one hold on each of these word ids; a word nobody holds leaves. */
  release(ids: ArrayLike<number>): void {
    for (let i = 0; i < ids.length; i++) {
      const id = ids[i]!;
      if (--this.holders[id]! === 0) this.drop(id);
    }
  }

  /** Every vocabulary word the query word matches, with its score (cached per vocabulary). */
  match(word: string): TermScores {
    const cached = this.matchCache.get(word);
    if (cached) return cached;
    const scores: TermScores = new Map();
    for (let id = 0; id < this.words.length; id++) {
      const term = this.words[id]!;
      if (term === word) scores.set(id, 1);
      // A part of a longer word: the more of it the query covers, the better (0.5 to just under 1).
      // A free id's '' never includes a query word (query words are not empty).
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

  /** Words in use. */
  get size(): number {
    return this.idOf.size;
  }

  footprint(): VocabularyFootprint {
    return { words: this.idOf.size, idSlots: this.words.length, trigrams: this.byTrigram.size };
  }

  private holdWord(word: string): number {
    const known = this.idOf.get(word);
    if (known !== undefined) {
      this.holders[known]!++;
      return known;
    }
    const id = this.freeIds.pop() ?? this.words.length;
    this.idOf.set(word, id);
    this.words[id] = word;
    this.holders[id] = 1;
    const grams = trigrams(word);
    this.trigramCounts[id] = grams.size;
    const slots: number[] = [];
    for (const gram of grams) {
      let list = this.byTrigram.get(gram);
      if (!list) this.byTrigram.set(gram, (list = []));
      slots.push(list.length);
      list.push(id);
    }
    this.trigramSlots.set(id, slots);
    this.matchCache.clear();
    return id;
  }

  /** Takes a word out of its trigrams' lists (each by its remembered position: no search) and frees its id. */
  private drop(id: number): void {
    const word = this.words[id]!;
    const slots = this.trigramSlots.get(id);
    let i = 0;
    for (const gram of trigrams(word)) {
      const list = this.byTrigram.get(gram)!;
      const at = slots[i++]!;
      const last = list.pop()!;
      if (at < list.length) {
        // The last word of the list moves into the hole: update its remembered position.
        list[at] = last;
        let j = 0;
        for (const other of trigrams(this.words[last]!)) {
          if (other === gram) break;
          j++;
        }
        this.trigramSlots.get(last)[j] = at;
      }
      if (!list.length) this.byTrigram.delete(gram);
    }
    this.trigramSlots.set(id, []);
    this.idOf.delete(word);
    this.words[id] = '';
    this.trigramCounts[id] = 0;
    this.freeIds.push(id);
  }
}
