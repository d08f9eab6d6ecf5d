import type { ListedValues } from './facet-counts';
import type { IndexCriteria } from './index-query';

const MAX_ENTRIES = 256;

/**
 * The values each facet lists depend on the hard filters only (type, category, text, window, place, the
 * type whose properties are listed): known from an earlier search with the same ones (another price
 * range, make or page), the scan need not mark them again. Any change to the index empties it.
 */
export class ListedValuesCache {
  private readonly entries = new Map<string, ListedValues>();

  keyOf(criteria: IndexCriteria, propertyTypeId: number | undefined): string {
    return JSON.stringify([
      criteria.typeId,
      criteria.categoryIds,
      criteria.words,
      criteria.availableFrom,
      criteria.availableTo,
      criteria.place,
      propertyTypeId,
    ]);
  }

  get(key: string): ListedValues | undefined {
    return this.entries.get(key);
  }

  set(key: string, listed: ListedValues): void {
    if (this.entries.size >= MAX_ENTRIES) this.entries.clear();
    this.entries.set(key, listed);
  }

  clear(): void {
    this.entries.clear();
  }
}
