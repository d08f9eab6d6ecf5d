import type { FacetCounters } from './facet-counts';

export const INT_MIN = -2147483648;
export const INT_MAX = 2147483647;
const EMPTY_U8 = new Uint8Array(0);
const EMPTY_I32 = new Int32Array(0);

/** The row columns a scan reads (the index replaces them when it grows: take them per scan). */
export interface ScanColumns {
  live: Uint8Array;
  typeId: Int32Array;
  categoryId: Int32Array;
  make: Int32Array;
  color: Int32Array;
  fuel: Uint8Array;
  price: Int32Array;
  year: Int32Array;
  /** Property value pairs: `pairStride` slots per row (0 = empty). */
  pairSlots: Int32Array;
  pairStride: number;
  /** Property of each pair id. */
  propertyOfPair: Int32Array;
  /** Rows equal to the filters' `blockedStamp` are booked in the window. */
  blockedStamp: Uint32Array;
}

/** A search's filters as the loop compares them: integers, typed arrays and flags. */
export interface ScanFilters {
  /** -1: any type. */
  typeId: number;
  /** Empty: any category. */
  categories: Int32Array;
  /** Flags by make id; empty: any make. */
  makeSelected: Uint8Array;
  /** Flags by color id; empty: any color. */
  colorSelected: Uint8Array;
  /** -1: any fuel. */
  fuel: number;
  /** Bounds as 32-bit integers (open ends are INT_MIN and INT_MAX). */
  minPrice: number;
  maxPrice: number;
  minYear: number;
  maxYear: number;
  /** Per property filter: flags by pair id of its accepted values. */
  propertyFilters: Uint8Array[];
  /** The stamp of the rows booked in the window, or 0 without a window. */
  blockedStamp: number;
}

export interface ScanInput {
  columns: ScanColumns;
  /** The rows to check (every live row of a type, or those the text matched). */
  candidates: Int32Array;
  filters: ScanFilters;
  /** Where the matching rows are written (room for every row). */
  matches: Int32Array;
  /** Absent: the matches only (no facet counts). */
  counters?: FacetCounters;
}

/**
 * What one scan reads and writes, as one fixed-shape object: the loop below sees the same types
 * whatever the criteria (integers stay small integers, lists stay typed arrays, "no filter" is a flag),
 * so its optimized code is not thrown away for every new combination of filters.
 */
export class Scan {
  readonly candidates: Int32Array;
  readonly live: Uint8Array;
  readonly typeId: Int32Array;
  readonly categoryId: Int32Array;
  readonly make: Int32Array;
  readonly color: Int32Array;
  readonly fuel: Uint8Array;
  readonly price: Int32Array;
  readonly year: Int32Array;
  readonly pairSlots: Int32Array;
  readonly pairStride: number;
  readonly pairPropertyIndex: Int32Array;
  readonly blockedStamp: Uint32Array;
  readonly stamp: number;
  readonly blocked: boolean;
  readonly wantType: number;
  readonly categories: Int32Array;
  readonly makeSelected: Uint8Array;
  readonly colorSelected: Uint8Array;
  readonly wantFuel: number;
  readonly minPrice: number;
  readonly maxPrice: number;
  readonly minYear: number;
  readonly maxYear: number;
  readonly propertyFilters: Uint8Array[];
  readonly matches: Int32Array;
  readonly counting: boolean;
  /** False when the listed values of these hard filters are known already (ListedValuesCache). */
  readonly markSeen: boolean;
  readonly makeSeen: Uint8Array;
  readonly makeCount: Int32Array;
  readonly colorSeen: Uint8Array;
  readonly colorCount: Int32Array;
  readonly fuelSeen: Uint8Array;
  readonly fuelCount: Int32Array;
  readonly pairCounted: Uint8Array;
  readonly pairSeen: Uint8Array;
  readonly pairCount: Int32Array;
  readonly filterProperty: Int32Array;
  count = 0;
  priceMin = INT_MAX;
  priceMax = INT_MIN;
  yearMin = INT_MAX;
  yearMax = INT_MIN;

  constructor({ columns: c, candidates, filters, matches, counters: f }: ScanInput) {
    this.candidates = candidates;
    this.live = c.live;
    this.typeId = c.typeId;
    this.categoryId = c.categoryId;
    this.make = c.make;
    this.color = c.color;
    this.fuel = c.fuel;
    this.price = c.price;
    this.year = c.year;
    this.pairSlots = c.pairSlots;
    this.pairStride = c.pairStride;
    this.pairPropertyIndex = c.propertyOfPair;
    this.blockedStamp = c.blockedStamp;
    this.stamp = filters.blockedStamp;
    this.blocked = filters.blockedStamp !== 0;
    this.wantType = filters.typeId;
    this.categories = filters.categories;
    this.makeSelected = filters.makeSelected;
    this.colorSelected = filters.colorSelected;
    this.wantFuel = filters.fuel;
    this.minPrice = filters.minPrice;
    this.maxPrice = filters.maxPrice;
    this.minYear = filters.minYear;
    this.maxYear = filters.maxYear;
    this.propertyFilters = filters.propertyFilters;
    this.matches = matches;
    this.counting = f !== undefined;
    this.markSeen = f !== undefined && f.markSeen;
    this.makeSeen = f ? f.makeSeen : EMPTY_U8;
    this.makeCount = f ? f.makeCount : EMPTY_I32;
    this.colorSeen = f ? f.colorSeen : EMPTY_U8;
    this.colorCount = f ? f.colorCount : EMPTY_I32;
    this.fuelSeen = f ? f.fuelSeen : EMPTY_U8;
    this.fuelCount = f ? f.fuelCount : EMPTY_I32;
    this.pairCounted = f ? f.pairCounted : EMPTY_U8;
    this.pairSeen = f ? f.pairSeen : EMPTY_U8;
    this.pairCount = f ? f.pairCount : EMPTY_I32;
    this.filterProperty = f ? f.filterPropertyIndex : EMPTY_I32;
  }
}
