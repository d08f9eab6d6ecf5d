import { IntLists } from './int-lists';

const NONE: readonly number[] = [];
const NO_IDS = new Int32Array(0);

/**
 * Which rows hold each word (an inverted index: word id -> rows, unordered). Every row also keeps,
 * for each of its words, its position in that word's list, so taking a row out costs a few steps
 * per word of the row, not a search through lists that hold half the catalogue ('car').
 */
export class TextPostings {
  private readonly rows: (number[] | undefined)[] = [];
  /** Per row: (word id, position of the row in that word's list) pairs. */
  private readonly entries = new IntLists();
  private scratch = new Int32Array(64);

  /** Adds a row (not yet in any list) to the lists of these distinct word ids. */
  add(row: number, wordIds: ArrayLike<number>): void {
    if (this.scratch.length < wordIds.length * 2) this.scratch = new Int32Array(wordIds.length * 4);
    const pairs = this.scratch;
    for (let k = 0; k < wordIds.length; k++) {
      const id = wordIds[k]!;
      const list = (this.rows[id] ??= []);
      pairs[2 * k] = id;
      pairs[2 * k + 1] = list.length;
      list.push(row);
    }
    this.entries.set(row, pairs, wordIds.length * 2);
  }

  /** Takes a row out of every list it is in; answers the word ids it held. */
  remove(row: number): Int32Array {
    const pairs = this.entries.get(row);
    if (!pairs.length) return NO_IDS;
    const ids = new Int32Array(pairs.length / 2);
    for (let k = 0; k < ids.length; k++) {
      const id = pairs[2 * k]!;
      const at = pairs[2 * k + 1]!;
      const list = this.rows[id]!;
      const last = list.pop()!;
      if (at < list.length) {
        // The list's last row fills the hole: update the position it keeps for this word.
        list[at] = last;
        const moved = this.entries.get(last);
        for (let j = 0; j < moved.length; j += 2) {
          if (moved[j] === id) {
            moved[j + 1] = at;
            break;
          }
        }
      }
      // An emptied list is let go: a word that held many rows would keep its room otherwise.
      if (!list.length) this.rows[id] = undefined;
      ids[k] = id;
    }
    this.entries.set(row, NO_IDS);
    return ids;
  }

  rowsOf(wordId: number): readonly number[] {
    return this.rows[wordId] ?? NONE;
  }
}
