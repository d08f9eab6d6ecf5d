import { IntLists } from './int-lists';
import { TextVocabulary } from './text-vocabulary';

const NO_TERMS = new Int32Array(0);

/**
 * The text side of the vehicle index: which rows hold which words (through the vocabulary), and the
 * matching of a query against them with a rank per row (ADR 007).
 */
export class TextIndex {
  private readonly vocabulary = new TextVocabulary();
  /** Distinct words of each row's search text (term ids), to take the row out of the postings. */
  private readonly textTerms = new IntLists();
  /** Words of make + model per row (for the rank's make/model bonus), one shared list per pair. */
  private nameTerms: Int32Array[] = [];
  private readonly nameTermsOf = new Map<string, Int32Array>();
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

  add(row: number, searchText: string, make: string, model: string): void {
    const terms = this.vocabulary.termIdsOf(searchText);
    this.textTerms.set(row, terms);
    this.vocabulary.addRow(row, terms);
    const name = `${make} ${model}`.toLowerCase();
    let nameTerms = this.nameTermsOf.get(name);
    if (!nameTerms) this.nameTermsOf.set(name, (nameTerms = this.vocabulary.termIdsOf(name)));
    this.nameTerms[row] = nameTerms;
  }

  remove(row: number): void {
    this.vocabulary.removeRow(row, this.textTerms.get(row));
    this.textTerms.set(row, []);
    this.nameTerms[row] = NO_TERMS;
  }

  /**
   * Rows matching every word, with their rank in `rank`: per word, its best score among the row's
   * words plus twice its best among the make and model words (a make/model match wins).
   */
  match(words: string[]): Int32Array {
    const { hits, wordBest, rank } = this;
    let candidates: number[] = [];
    const perWord = words.map((w) => this.vocabulary.match(w));
    for (let w = 0; w < words.length; w++) {
      const scores = perWord[w]!;
      const touched: number[] = [];
      for (const [term, score] of scores) {
        for (const row of this.vocabulary.rowsOf(term)) {
          if (hits[row] !== w) continue; // missed an earlier word (or already dropped)
          if (wordBest[row] === 0) touched.push(row);
          if (score > wordBest[row]!) wordBest[row] = score;
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
      const names = this.nameTerms[row] ?? NO_TERMS;
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
