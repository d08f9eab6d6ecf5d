import type { Dictionary } from './dictionary';
import type { IndexFacets, NameCount } from './index-query';
import type { IndexedProperty } from './index-types';
import type { PropertyPairs } from './property-pairs';

/** The facet counts of one search, filled by the scan; arrays by dictionary id, fuel or pair id. */
export interface FacetCounters {
  makeCount: Int32Array;
  makeSeen: Uint8Array;
  colorCount: Int32Array;
  colorSeen: Uint8Array;
  fuelCount: Int32Array;
  fuelSeen: Uint8Array;
  priceMin: number | null;
  priceMax: number | null;
  yearMin: number | null;
  yearMax: number | null;
  properties: IndexedProperty[];
  /** Flags of the pairs of `properties` (empty without a type's properties). */
  pairCounted: Uint8Array;
  pairCount: Int32Array;
  pairSeen: Uint8Array;
  /** Property (index in the pairs' property dictionary) of each property filter, by filter position. */
  filterPropertyIndex: Int32Array;
  /** Whether the scan must mark the listed values (false: the seen arrays came from the cache). */
  markSeen: boolean;
}

/** Which values each facet lists: what the scan marks, and what ListedValuesCache keeps. */
export type ListedValues = Pick<FacetCounters, 'makeSeen' | 'colorSeen' | 'fuelSeen' | 'pairSeen'>;

const EMPTY_U8 = new Uint8Array(0);
const FUEL_IDS = 256;
const compareText = (a: string, b: string): number => (a < b ? -1 : a > b ? 1 : 0);
const NUMERIC = /^-?[0-9]+(\.[0-9]+)?$/;

/** Property values: numbers in numeric order first, then the rest alphabetically (as the SQL did). */
function comparePropertyValues(a: string, b: string): number {
  const an = NUMERIC.test(a);
  const bn = NUMERIC.test(b);
  if (an && bn) return Number(a) - Number(b) || compareText(a, b);
  if (an !== bn) return an ? -1 : 1;
  return compareText(a, b);
}

/** Zeroed counters for one search; `properties` are those whose values the facets list (or none). */
export function newFacetCounters(
  dictionaries: { makes: Dictionary; colors: Dictionary; pairs: PropertyPairs },
  properties: IndexedProperty[],
  filteredPropertyIds: readonly string[],
): FacetCounters {
  const { makes, colors, pairs } = dictionaries;
  return {
    makeCount: new Int32Array(makes.size),
    makeSeen: new Uint8Array(makes.size),
    colorCount: new Int32Array(colors.size),
    colorSeen: new Uint8Array(colors.size),
    fuelCount: new Int32Array(FUEL_IDS),
    fuelSeen: new Uint8Array(FUEL_IDS),
    priceMin: null,
    priceMax: null,
    yearMin: null,
    yearMax: null,
    properties,
    pairCounted: properties.length ? pairs.pairsOf(properties) : EMPTY_U8,
    pairCount: new Int32Array(pairs.pairCount),
    pairSeen: new Uint8Array(pairs.pairCount),
    filterPropertyIndex: Int32Array.from(filteredPropertyIds, (id) => pairs.propertyIndex(id)),
    markSeen: true,
  };
}

/** The facets as the service answers them: listed values by name (properties' values in value order) with counts. */
export function readFacets(f: FacetCounters, dictionaries: { makes: Dictionary; colors: Dictionary; pairs: PropertyPairs }): IndexFacets {
  const { makes, colors, pairs } = dictionaries;
  const named = (dictionary: Dictionary, seen: Uint8Array, counts: Int32Array): NameCount[] => {
    const out: NameCount[] = [];
    for (let id = 0; id < seen.length; id++) if (seen[id]) out.push({ name: dictionary.values[id]!, count: counts[id]! });
    return out.sort((a, b) => compareText(a.name, b.name));
  };
  const fuels: { id: number; count: number }[] = [];
  for (let id = 0; id < f.fuelSeen.length; id++) if (f.fuelSeen[id]) fuels.push({ id, count: f.fuelCount[id]! });
  const valuesByProperty = new Map<string, { value: string; count: number }[]>();
  for (let pair = 0; pair < f.pairSeen.length; pair++) {
    if (!f.pairSeen[pair]) continue;
    const property = pairs.propertyIdOf(pair);
    let list = valuesByProperty.get(property);
    if (!list) valuesByProperty.set(property, (list = []));
    list.push({ value: pairs.valueOf(pair), count: f.pairCount[pair]! });
  }
  return {
    makes: named(makes, f.makeSeen, f.makeCount),
    colors: named(colors, f.colorSeen, f.colorCount),
    fuels,
    priceMinCents: f.priceMin,
    priceMaxCents: f.priceMax,
    yearMin: f.yearMin,
    yearMax: f.yearMax,
    properties: f.properties.map((p) => ({
      propertyId: p.id,
      propertyName: p.name,
      valueType: p.valueType,
      unit: p.unit,
      values: (valuesByProperty.get(p.id) ?? []).sort((a, b) => comparePropertyValues(a.value, b.value)),
    })),
  };
}
