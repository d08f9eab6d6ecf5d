import type { IndexCriteria } from './index-query';
import type { PropertyPairs } from './property-pairs';
import { INT_MAX, INT_MIN, type ScanFilters } from './scan';
import type { VehicleRows } from './vehicle-rows';

/** A bound as a 32-bit integer (the loop compares integers only); absent means open. */
const clampInt = (value: number | undefined, open: number): number =>
  value === undefined ? open : Math.max(INT_MIN, Math.min(INT_MAX, Math.round(value)));

/**
 * A search's criteria in the form the scan compares. Every value keeps one type whatever the
 * criteria (integers stay small integers, lists stay typed arrays, "no filter" is -1 or an empty
 * list), so the scan's optimized loop is never thrown away for another shape.
 */
export function scanFiltersOf(
  criteria: IndexCriteria,
  tables: { rows: VehicleRows; pairs: PropertyPairs },
  blockedStamp: number,
): ScanFilters {
  const { rows, pairs } = tables;
  return {
    typeId: criteria.typeId ?? -1,
    categories: Int32Array.from(criteria.categoryIds ?? []),
    makeSelected: rows.makeFlags(criteria.makes),
    colorSelected: rows.colorFlags(criteria.colors),
    fuel: criteria.fuelType ?? -1,
    minPrice: clampInt(criteria.minPriceCents, INT_MIN),
    maxPrice: clampInt(criteria.maxPriceCents, INT_MAX),
    minYear: clampInt(criteria.minYear, INT_MIN),
    maxYear: clampInt(criteria.maxYear, INT_MAX),
    propertyFilters: criteria.properties.map((p) => pairs.accepted(p.propertyId.toLowerCase(), p.values)),
    blockedStamp,
  };
}
