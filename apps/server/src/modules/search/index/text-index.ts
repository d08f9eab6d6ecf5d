import { TextPostings } from './text-postings';
import { TextVocabulary, type VocabularyFootprint } from './text-vocabulary';

const NO_WORDS = new Int32Array(0);

/** The word ids of one make + model, shared by the rows listed under it. */
interface NameWords {
  ids: Int32Array;
  rows: number;
}

/**
 * The text side of the vehicle index: which rows hold which words, and the matching of a query
 * against them with a rank per row (ADR 007). Every word a row holds (its search text, its make and
 * model) is held in the vocabulary until the row changes or leaves.
 */
export class TextIndex {
  private readonly vocabulary = new TextVocabulary();
  private readonly postings = new TextPostings();
  /**
   * Word ids of each row's make and model, for the rank's make/model bonus: one list per distinct
   * make + model (its words held once), shared by its rows and let go with the last of them.
   */
  private readonly names = new Map<string, NameWords>();
  private readonly nameOf: (string | undefined)[] = [];
  private readonly nameWords: Int32Array[] = [];
  // Per-query scratch by row, reused (matching runs synchronously, one query at a time).
  private hits = new Uint8Array(0);
  private wordBest = new Float64Array(0);
  /** The rank of each row matched by the last query. */
  rank = new Float64Array(0);

  grow(capacity: number): void {
    this.hits = new Uint8Array(capacity);
    this.wordBest = new Float64Array(capacity);
    this.rank = new Float64Array(capacity);
  }

  /** Sets a row's words (replacing what it held). */
  set(row: number, searchText: string, make: string, model: string): void {
    // The new words are held before the old ones are let go, so a word the row keeps never leaves
    // the vocabulary in between (leaving and coming back would empty the query cache each time).
    const words = this.vocabulary.hold(searchText);
    const name = `${make} ${model}`.toLowerCase();
    let entry = this.names.get(name);
    if (!entry) this.names.set(name, (entry = { ids: this.vocabulary.hold(name), rows: 0 }));
    entry.rows++;
    this.remove(row);
    this.postings.add(row, words);
    this.nameOf[row] = name;
    this.nameWords[row] = entry.ids;
  }

  /** Takes a row's words out (a row that holds none is left as it is). */
  remove(row: number): void {
    this.vocabulary.release(this.postings.remove(row));
    const name = this.nameOf[row];
    if (name === undefined) return;
    const entry = this.names.get(name)!;
    if (--entry.rows === 0) {
      this.names.delete(name);
      this.vocabulary.release(entry.ids);
    }
    this.nameOf[row] = undefined;
    this.nameWords[row] = NO_WORDS;
  }

  footprint(): VocabularyFootprint {
    return this.vocabulary.footprint();
  }

  /**
   * Rows matching every word, with their rank in `rank`: per word, its best score among the row's
   * words plus twice its best among the make and model words (a make/model match wins).
   * `alsoMatching(w)`: rows that match word w whatever their text holds (the rows of a catalogue name
   * the word is in another language: 'fahrrad' for the bicycles), scored as the word itself (1).
   */
  match(words: string[], alsoMatching?: (word: string) => ArrayLike<number> | undefined): Int32Array {
    const { hits, wordBest, rank } = this;
    let candidates: number[] = [];
    const perWord = words.map((w) => this.vocabulary.match(w));
    for (let w = 0; w < words.length; w++) {
      const scores = perWord[w]!;
      const touched: number[] = [];
      for (const [term, score] of scores) {
        for (const row of this.postings.rowsOf(term)) {
          if (hits[row] !== w) continue; // missed an earlier word (or already dropped)
          if (wordBest[row] === 0) touched.push(row);
          if (score > wordBest[row]!) wordBest[row] = score;
        }
      }
      const more = alsoMatching?.(words[w]!);
      if (more) {
        for (let i = 0; i < more.length; i++) {
          const row = more[i]!;
          if (hits[row] !== w) continue;
          if (wordBest[row] === 0) touched.push(row);
          wordBest[row] = 1;
        }
      }
      for (const row of touched) {
        hits[row] = w + 1;
        rank[row] = (w === 0 ? 0 : rank[row]!) + wordBest[row]!;
        wordBest[row] = 0;
      }
      // Rows that matched earlier words but not this one are out; reset them as they drop.
      if (w > 0) for (const row of candidates) if (hits[row] !== w + 1) hits[row] = 0;
      candidates = touched;
    }
    for (const row of candidates) {
      hits[row] = 0;
      let bonus = 0;
      const names = this.nameWords[row] ?? NO_WORDS;
      for (const scores of perWord) {
        let best = 0;
        for (const term of names) best = Math.max(best, scores.get(term) ?? 0);
        bonus += best;
      }
      rank[row] = rank[row]! + 2 * bonus;
    }
    return Int32Array.from(candidates);
  }
}
