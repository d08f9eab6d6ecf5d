import type { VehicleSort } from '@rentdrive/contracts/search';
import type { CardFields, IndexedCatalogue, IndexedProperty, IndexedVehicle, IndexSink } from './index-types';
import { Dictionary } from './dictionary';
import { RowOrder } from './row-order';
import { EMPTY_U8, INT_MAX, INT_MIN, runScan, Scan, type FacetCounters, type ScanColumns } from './scan';
import { pageRows, type SortColumns } from './page-order';
import { selectNth } from './select-nth';
import { TextIndex } from './text-index';
import { isFuzzyWord } from './text-vocabulary';

/**
 * The in-process search index (ADR 007): the filterable columns of every live vehicle in typed
 * arrays, so that one pass over them gives a search's total, its facet counts (each facet leaving out
 * its own selection) and the order of its page in well under a millisecond per 10,000 vehicles.
 * PostgreSQL stays the source of truth: the change feed (../sync) applies every committed change
 * here before a search answers, and the cards of a page are read from PostgreSQL.
 */

/** What a search asks for, resolved to ids and cents by the service. Empty lists mean "any". */
export interface IndexCriteria {
  typeId?: number;
  categoryIds?: number[];
  /** Lower-cased. */
  makes: string[];
  /** Lower-cased. */
  colors: string[];
  fuelType?: number;
  minPriceCents?: number;
  maxPriceCents?: number;
  minYear?: number;
  maxYear?: number;
  /** Lower-cased words of the text query; every one must match. */
  words: string[];
  /** Days ('YYYY-MM-DD') on which a vehicle must be free, both ends included. */
  availableFrom?: string;
  availableTo?: string;
  /** Vehicles booked in the window on days the index does not hold (before its horizon). */
  blockedVehicleIds?: readonly string[];
  /** AND across properties, OR within one property's values (compared as stored). */
  properties: { propertyId: string; values: string[] }[];
}

export interface IndexPage {
  sort: VehicleSort;
  offset: number;
  limit: number;
}

export interface NameCount {
  name: string;
  count: number;
}

export interface PropertyFacet {
  propertyId: string;
  propertyName: string;
  valueType: number;
  unit: number;
  values: { value: string; count: number }[];
}

export interface IndexFacets {
  makes: NameCount[];
  colors: NameCount[];
  fuels: { id: number; count: number }[];
  priceMinCents: number | null;
  priceMaxCents: number | null;
  yearMin: number | null;
  yearMax: number | null;
  properties: PropertyFacet[];
}

export interface IndexResult {
  /** Vehicle ids of the page, in order. */
  ids: string[];
  total: number;
  facets: IndexFacets;
}

/** A bound as a 32-bit integer (the loop compares integers only); absent means open. */
const clampInt = (value: number | undefined, open: number): number =>
  value === undefined ? open : Math.max(INT_MIN, Math.min(INT_MAX, Math.round(value)));
const DAY_MS = 86_400_000;
const dayNumber = (day: string): number => Math.floor(Date.parse(`${day}T00:00:00Z`) / DAY_MS);
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

export class VehicleIndex implements IndexSink, ScanColumns {
  /** @param renderCard turns a card into the JSON text the API sends (the wire format is the service's). */
  constructor(private readonly renderCard: (card: CardFields) => string = (card) => JSON.stringify(card)) {}

  private capacity = 0;
  /** Rows in use are below `rowCount`; freed rows are reused. */
  private rowCount = 0;
  private readonly freeRows: number[] = [];
  private readonly rowOf = new Map<string, number>();

  private live = new Uint8Array(0);
  private typeId = new Int32Array(0);
  private categoryId = new Int32Array(0);
  private make = new Int32Array(0);
  private color = new Int32Array(0);
  private fuel = new Uint8Array(0);
  private price = new Int32Array(0);
  private year = new Int32Array(0);
  private starsTotal = new Int32Array(0);
  private reviewCount = new Int32Array(0);
  private created = new Float64Array(0);
  private ids: string[] = [];
  private models: string[] = [];
  private descriptions: string[] = [];
  private owners: string[] = [];
  private images: (string | null)[] = [];
  /** Each row's card, rendered on first use and dropped when the row or the catalogue changes. */
  private cards: (string | null)[] = [];
  private typeNames = new Map<number, string>();
  private categoryNames = new Map<number, string>();
  /** Words of every row's search text, and the text query's matching and rank. */
  private readonly text = new TextIndex();
  /** Property value pairs (ids in `pairs`) and booked day numbers per row. */
  /**
   * Property value pairs (ids in `pairs`) of row r at [r * pairStride, (r + 1) * pairStride), 0 for
   * an empty slot: one flat array, so the hot loop reads them without chasing a pointer per row.
   */
  private pairSlots = new Int32Array(0);
  private pairStride = 0;
  private rowDays: (Int32Array | null)[] = [];

  private readonly makes = new Dictionary();
  private readonly colors = new Dictionary();
  private readonly makeLower: string[] = [];
  private readonly colorLower: string[] = [];
  /** A property value pair `${propertyId}\0${value}`; its property and value by pair id. */
  private readonly pairs = new Dictionary();
  private readonly pairProperty: string[] = [];
  private readonly pairValue: string[] = [];
  private pairPropertyIndex = new Int32Array(16);
  private readonly propertyIds = new Dictionary();
  /** Rows booked on each day number. */
  private readonly bookedOn = new Map<number, Set<number>>();

  private catalogue: IndexedCatalogue = { types: [], categories: [], properties: [] };
  private liveCount = 0;

  // Per-search scratch, reused (searches run synchronously, one at a time).
  private stamp = 0;
  private blockedStamp = new Uint32Array(0);
  private matchBuffer = new Int32Array(0);
  private keyBuffer = new Float64Array(0);
  private selectBuffer = new Float64Array(0);
  private readonly typeRows = new Map<number, Int32Array>();
  /** Listed facet values per set of hard filters; any change to the index empties it. */
  private readonly seenCache = new Map<string, Pick<FacetCounters, 'makeSeen' | 'colorSeen' | 'fuelSeen' | 'pairSeen'>>();
  /** Tie-breakers of every sort as integer positions: by id, and by make, model, id. */
  private readonly byId = new RowOrder((a, b) => compareText(this.ids[a]!, this.ids[b]!));
  private readonly byName = new RowOrder((a, b) => this.compareMakeModel(a, b) || compareText(this.ids[a]!, this.ids[b]!));

  // ---- IndexSink -------------------------------------------------------------------------------

  upsert(v: IndexedVehicle): void {
    this.seenCache.clear();
    if (!v.live) {
      this.remove(v.id);
      return;
    }
    let row = this.rowOf.get(v.id);
    if (row === undefined) {
      row = this.freeRows.pop() ?? this.rowCount++;
      this.ensureCapacity(row + 1);
      this.rowOf.set(v.id, row);
      this.liveCount++;
      this.typeRows.clear();
    } else {
      this.unlinkRow(row);
      if (this.typeId[row] !== v.typeId) this.typeRows.clear();
      this.byId.remove(row);
      this.byName.remove(row);
    }
    this.live[row] = 1;
    this.ids[row] = v.id;
    this.typeId[row] = v.typeId;
    this.categoryId[row] = v.categoryId;
    this.make[row] = this.dictionaryId(this.makes, this.makeLower, v.make);
    this.color[row] = this.dictionaryId(this.colors, this.colorLower, v.color);
    this.fuel[row] = v.fuelType;
    this.price[row] = v.priceCents;
    this.year[row] = v.year;
    this.starsTotal[row] = v.starsTotal;
    this.reviewCount[row] = v.reviewCount;
    this.created[row] = v.createdAtMs;
    this.models[row] = v.model;
    this.descriptions[row] = v.description;
    this.owners[row] = v.ownerName;
    this.images[row] = v.imageURL;
    this.cards[row] = null;
    this.byId.insert(row);
    this.byName.insert(row);
    this.text.add(row, v.searchText, v.make, v.model);
    this.setPairs(
      row,
      v.properties.map((p) => this.pairId(p.propertyId.toLowerCase(), p.value)),
    );
    const days = v.bookedDays.length ? Int32Array.from(v.bookedDays, dayNumber) : null;
    this.rowDays[row] = days;
    if (days) {
      for (const day of days) {
        let rows = this.bookedOn.get(day);
        if (!rows) this.bookedOn.set(day, (rows = new Set()));
        rows.add(row);
      }
    }
  }

  remove(id: string): void {
    this.seenCache.clear();
    const row = this.rowOf.get(id);
    if (row === undefined) return;
    this.unlinkRow(row);
    this.byId.remove(row);
    this.byName.remove(row);
    this.live[row] = 0;
    this.cards[row] = null;
    this.descriptions[row] = '';
    this.rowOf.delete(id);
    this.freeRows.push(row);
    this.typeRows.clear();
    this.liveCount--;
  }

  setCatalogue(catalogue: IndexedCatalogue): void {
    this.catalogue = {
      types: catalogue.types,
      categories: catalogue.categories,
      properties: catalogue.properties.map((p) => ({ ...p, id: p.id.toLowerCase() })),
    };
    // Cards show type and category names: render them again on next use.
    this.typeNames = new Map(catalogue.types.map((t) => [t.id, t.name]));
    this.categoryNames = new Map(catalogue.categories.map((c) => [c.id, c.name]));
    this.cards.fill(null);
    this.seenCache.clear();
  }

  clear(): void {
    // Emptied for a full load: the orders are built again by one sort once it is done.
    this.byId.reset();
    this.byName.reset();
    for (const id of [...this.rowOf.keys()]) this.remove(id);
  }

  /** A full load is done: builds what is cheaper built once than kept row by row during the load. */
  loaded(): void {
    this.ensureOrder();
  }

  // ---- Catalogue lookups ------------------------------------------------------------------------

  /** A live type by id or case-insensitive name. */
  findType(ref: { id?: number; name?: string }): { id: number; name: string } | undefined {
    const name = ref.name?.toLowerCase();
    const type = this.catalogue.types.find((t) => t.live && (ref.id !== undefined ? t.id === ref.id : t.name.toLowerCase() === name));
    return type && { id: type.id, name: type.name };
  }

  /** Ids of live categories matching an id or name, within a type when given. */
  findCategoryIds(ref: { id?: number; name?: string }, typeId?: number): number[] {
    const name = ref.name?.toLowerCase();
    return this.catalogue.categories
      .filter((c) => c.live && (typeId === undefined || c.typeId === typeId))
      .filter((c) => (ref.id !== undefined ? c.id === ref.id : c.name.toLowerCase() === name))
      .map((c) => c.id);
  }

  /** Which of these property ids (lower-case) are live properties. */
  findPropertyIds(ids: string[]): string[] {
    const live = new Set(this.catalogue.properties.filter((p) => p.live).map((p) => p.id));
    return ids.filter((id) => live.has(id));
  }

  // ---- Reads ------------------------------------------------------------------------------------

  get size(): number {
    return this.liveCount;
  }

  /** The cards of these vehicles as JSON texts, in order (ids no longer listed are left out). */
  cardsJson(ids: readonly string[]): string[] {
    const out: string[] = [];
    for (const id of ids) {
      const row = this.rowOf.get(id);
      if (row === undefined) continue;
      out.push((this.cards[row] ??= this.renderCard(this.cardFields(row))));
    }
    return out;
  }

  /** Ids of the newest live vehicles, newest first. */
  newest(limit = Number.POSITIVE_INFINITY): string[] {
    const rows = this.liveRows();
    this.ensureOrder();
    return this.topRows(rows, rows.length, 0, Math.min(limit, rows.length), 'newest', false).map((r) => this.ids[r]!);
  }

  /** Ids of every vehicle matching all filters, by make, model, id (what /api/vehicle/filter answers). */
  filterIds(criteria: IndexCriteria): string[] {
    const { matches, count } = this.evaluate(criteria, undefined);
    this.ensureOrder();
    const namePos = this.byName.positions;
    const rows = Array.from(matches.subarray(0, count)).sort((a, b) => namePos[a]! - namePos[b]!);
    return rows.map((r) => this.ids[r]!);
  }

  /**
   * A page of ids in the requested order, the total, and the facets: the makes, colors and fuels of
   * every vehicle passing the type, category, text and availability filters, each counted under all
   * the other filters; the price and year bounds likewise; and the live properties of
   * `propertyTypeId` with their value counts, each property leaving out its own selection.
   */
  search(criteria: IndexCriteria, page: IndexPage, propertyTypeId?: number): IndexResult {
    const facets = this.emptyFacetCounters(criteria, propertyTypeId);
    // The values a facet lists depend on the hard filters only: known from an earlier search with
    // the same ones (another price range, make or page), the scan does not mark them again.
    const seenKey = JSON.stringify([
      criteria.typeId,
      criteria.categoryIds,
      criteria.words,
      criteria.availableFrom,
      criteria.availableTo,
      propertyTypeId,
    ]);
    const seen = this.seenCache.get(seenKey);
    if (seen) Object.assign(facets, seen, { markSeen: false });
    const { matches, count } = this.evaluate(criteria, facets);
    if (!seen) {
      if (this.seenCache.size >= 256) this.seenCache.clear();
      const { makeSeen, colorSeen, fuelSeen, pairSeen } = facets;
      this.seenCache.set(seenKey, { makeSeen, colorSeen, fuelSeen, pairSeen });
    }
    this.ensureOrder();
    const hasText = criteria.words.length > 0;
    const end = Math.min(count, page.offset + page.limit);
    const ordered = page.offset < count && page.limit > 0 ? this.topRows(matches, count, page.offset, end, page.sort, hasText) : [];
    return { ids: ordered.map((r) => this.ids[r]!), total: count, facets: this.facetsOf(facets) };
  }

  // ---- Internals --------------------------------------------------------------------------------

  /** The columns a scan reads (they are replaced when the index grows, so read them per scan). */
  scanColumns() {
    const {
      live,
      typeId,
      categoryId,
      make,
      color,
      fuel,
      price,
      year,
      pairSlots,
      pairStride,
      pairPropertyIndex,
      blockedStamp,
      matchBuffer,
    } = this;
    return {
      live,
      typeId,
      categoryId,
      make,
      color,
      fuel,
      price,
      year,
      pairSlots,
      pairStride,
      pairPropertyIndex,
      blockedStamp,
      matchBuffer,
    };
  }

  private cardFields(row: number): CardFields {
    return {
      id: this.ids[row]!,
      make: this.makes.values[this.make[row]!]!,
      model: this.models[row]!,
      vehicleType: this.typeNames.get(this.typeId[row]!) ?? '',
      vehicleTypeCategory: this.categoryNames.get(this.categoryId[row]!) ?? '',
      yearOfProduction: this.year[row]!,
      priceCents: this.price[row]!,
      fuelType: this.fuel[row]!,
      imageURL: this.images[row] ?? null,
      description: this.descriptions[row]!,
      ownerName: this.owners[row]!,
      starsTotal: this.starsTotal[row]!,
      reviewCount: this.reviewCount[row]!,
    };
  }

  private dictionaryId(dictionary: Dictionary, lower: string[], value: string): number {
    const id = dictionary.idOf(value);
    if (id === lower.length) lower.push(value.toLowerCase());
    return id;
  }

  private pairId(propertyId: string, value: string): number {
    if (this.pairs.size === 0) {
      // Pair 0 is the empty slot: never accepted, never counted.
      this.pairs.idOf('');
      this.pairProperty.push('');
      this.pairValue.push('');
    }
    const id = this.pairs.idOf(`${propertyId}\u0000${value}`);
    if (id === this.pairProperty.length) {
      this.pairProperty.push(propertyId);
      this.pairValue.push(value);
      if (id >= this.pairPropertyIndex.length) {
        const grown = new Int32Array(this.pairPropertyIndex.length * 2);
        grown.set(this.pairPropertyIndex);
        this.pairPropertyIndex = grown;
      }
      this.pairPropertyIndex[id] = this.propertyIds.idOf(propertyId);
    }
    return id;
  }

  /** Writes a row's pair slots, widening every row's slots when this one has more properties. */
  private setPairs(row: number, pairs: number[]): void {
    if (pairs.length > this.pairStride) {
      const stride = pairs.length;
      const slots = new Int32Array(this.capacity * stride);
      for (let r = 0; r < this.rowCount; r++) {
        for (let q = 0; q < this.pairStride; q++) slots[r * stride + q] = this.pairSlots[r * this.pairStride + q]!;
      }
      this.pairSlots = slots;
      this.pairStride = stride;
    }
    const base = row * this.pairStride;
    for (let q = 0; q < this.pairStride; q++) this.pairSlots[base + q] = pairs[q] ?? 0;
  }

  /** Takes a row out of the text postings and the booked-day sets (before a replace or a removal). */
  private unlinkRow(row: number): void {
    this.text.remove(row);
    this.setPairs(row, []);
    const days = this.rowDays[row];
    if (days) {
      for (const day of days) {
        const rows = this.bookedOn.get(day);
        rows?.delete(row);
        if (rows && rows.size === 0) this.bookedOn.delete(day);
      }
    }
    this.rowDays[row] = null;
  }

  private ensureCapacity(rows: number): void {
    if (rows <= this.capacity) return;
    const capacity = Math.max(1024, this.capacity * 2, rows);
    const grow = <T extends Uint8Array | Int32Array | Float64Array | Uint32Array>(old: T, make: (n: number) => T): T => {
      const next = make(capacity);
      next.set(old);
      return next;
    };
    this.live = grow(this.live, (n) => new Uint8Array(n));
    this.typeId = grow(this.typeId, (n) => new Int32Array(n));
    this.categoryId = grow(this.categoryId, (n) => new Int32Array(n));
    this.make = grow(this.make, (n) => new Int32Array(n));
    this.color = grow(this.color, (n) => new Int32Array(n));
    this.fuel = grow(this.fuel, (n) => new Uint8Array(n));
    this.price = grow(this.price, (n) => new Int32Array(n));
    this.year = grow(this.year, (n) => new Int32Array(n));
    this.starsTotal = grow(this.starsTotal, (n) => new Int32Array(n));
    this.reviewCount = grow(this.reviewCount, (n) => new Int32Array(n));
    this.created = grow(this.created, (n) => new Float64Array(n));
    this.blockedStamp = grow(this.blockedStamp, (n) => new Uint32Array(n));
    const slots = new Int32Array(capacity * this.pairStride);
    slots.set(this.pairSlots);
    this.pairSlots = slots;
    this.text.grow(capacity);
    this.matchBuffer = new Int32Array(capacity);
    this.keyBuffer = new Float64Array(capacity);
    this.selectBuffer = new Float64Array(capacity);
    this.capacity = capacity;
    this.byId.grow(capacity);
    this.byName.grow(capacity);
  }

  /** Live rows of one type, or all for -1 (built on first use, dropped when a vehicle is added, removed or retyped). */
  private rowsOfType(typeId: number): Int32Array {
    let rows = this.typeRows.get(typeId);
    if (!rows) {
      const list: number[] = [];
      for (let r = 0; r < this.rowCount; r++) if (this.live[r] && (typeId < 0 || this.typeId[r] === typeId)) list.push(r);
      this.typeRows.set(typeId, (rows = Int32Array.from(list)));
    }
    return rows;
  }

  private liveRows(): Int32Array {
    const rows = new Int32Array(this.liveCount);
    let n = 0;
    for (let r = 0; r < this.rowCount; r++) if (this.live[r]) rows[n++] = r;
    return rows;
  }

  private emptyFacetCounters(criteria: IndexCriteria, propertyTypeId: number | undefined): FacetCounters {
    const properties =
      propertyTypeId === undefined
        ? []
        : this.catalogue.properties.filter((p) => p.live && p.typeId === propertyTypeId).sort((a, b) => compareText(a.name, b.name));
    return {
      makeCount: new Int32Array(this.makes.size),
      makeSeen: new Uint8Array(this.makes.size),
      colorCount: new Int32Array(this.colors.size),
      colorSeen: new Uint8Array(this.colors.size),
      fuelCount: new Int32Array(256),
      fuelSeen: new Uint8Array(256),
      priceMin: null,
      priceMax: null,
      yearMin: null,
      yearMax: null,
      properties,
      pairCounted: properties.length ? this.pairsOf(properties) : EMPTY_U8,
      pairCount: new Int32Array(this.pairs.size),
      pairSeen: new Uint8Array(this.pairs.size),
      filterPropertyIndex: Int32Array.from(criteria.properties, (p) => this.propertyIds.find(p.propertyId.toLowerCase()) ?? -1),
      markSeen: true,
    };
  }

  /** Flags (by pair id) of the pairs belonging to the listed properties. */
  private pairsOf(properties: IndexedProperty[]): Uint8Array {
    const wanted = new Set(properties.map((p) => p.id));
    const flags = new Uint8Array(this.pairs.size);
    for (let id = 0; id < this.pairs.size; id++) if (wanted.has(this.pairProperty[id]!)) flags[id] = 1;
    return flags;
  }

  /**
   * The one pass: every row passing the hard filters (live, type, category, text, availability) is
   * checked against each facet filter; a row failing none is a match and counts in every facet, a row
   * failing exactly one counts only in that facet (so each facet's counts leave out its own selection).
   */
  private evaluate(criteria: IndexCriteria, f: FacetCounters | undefined): { matches: Int32Array; count: number } {
    const stamp = this.nextStamp();
    const hasText = criteria.words.length > 0;
    const textRows = hasText ? this.text.match(criteria.words) : null;
    const blocked = this.markBlocked(criteria, stamp);

    // Every value below keeps one type whatever the criteria (integers stay small integers, lists stay
    // typed arrays, "no filter" is a flag), so the optimized loop is never thrown away for another shape.
    const wantType = criteria.typeId ?? -1;
    const categories = Int32Array.from(criteria.categoryIds ?? []);
    const makeSelected = this.selection(criteria.makes, this.makeLower);
    const colorSelected = this.selection(criteria.colors, this.colorLower);
    const wantFuel = criteria.fuelType ?? -1;
    const minPrice = clampInt(criteria.minPriceCents, INT_MIN);
    const maxPrice = clampInt(criteria.maxPriceCents, INT_MAX);
    const minYear = clampInt(criteria.minYear, INT_MIN);
    const maxYear = clampInt(criteria.maxYear, INT_MAX);
    const propertyFilters = criteria.properties.map((p) => this.propertyFilter(p.propertyId.toLowerCase(), p.values));

    const candidates = textRows ?? this.rowsOfType(wantType);
    const scan = new Scan(
      this,
      candidates,
      f,
      stamp,
      blocked,
      wantType,
      categories,
      makeSelected,
      colorSelected,
      wantFuel,
      minPrice,
      maxPrice,
      minYear,
      maxYear,
      propertyFilters,
    );
    runScan(scan);
    if (f) {
      f.priceMin = scan.priceMin <= scan.priceMax ? scan.priceMin : null;
      f.priceMax = scan.priceMin <= scan.priceMax ? scan.priceMax : null;
      f.yearMin = scan.yearMin <= scan.yearMax ? scan.yearMin : null;
      f.yearMax = scan.yearMin <= scan.yearMax ? scan.yearMax : null;
    }
    return { matches: this.matchBuffer, count: scan.count };
  }

  /** Flags by dictionary id of the values whose lower-case form is selected; null selects all. */
  private selection(selected: readonly string[], lower: readonly string[]): Uint8Array {
    if (!selected.length) return EMPTY_U8;
    const wanted = new Set(selected);
    const flags = new Uint8Array(lower.length);
    for (let id = 0; id < lower.length; id++) if (wanted.has(lower[id]!)) flags[id] = 1;
    return flags;
  }

  /** Flags by pair id of the accepted values of one property filter. */
  private propertyFilter(propertyId: string, values: readonly string[]): Uint8Array {
    const accepted = new Uint8Array(this.pairs.size);
    for (const value of values) {
      const id = this.pairs.find(`${propertyId}\u0000${value}`);
      if (id !== undefined) accepted[id] = 1;
    }
    return accepted;
  }

  /** Stamps the rows booked on any day of the window; false when there is no window. */
  private markBlocked(criteria: IndexCriteria, stamp: number): boolean {
    if (!criteria.availableFrom || !criteria.availableTo) return false;
    const from = dayNumber(criteria.availableFrom);
    const to = dayNumber(criteria.availableTo);
    for (let day = from; day <= to; day++) {
      const rows = this.bookedOn.get(day);
      if (rows) for (const row of rows) this.blockedStamp[row] = stamp;
    }
    for (const id of criteria.blockedVehicleIds ?? []) {
      const row = this.rowOf.get(id);
      if (row !== undefined) this.blockedStamp[row] = stamp;
    }
    return true;
  }

  private nextStamp(): number {
    this.stamp = this.stamp >= 0xfffffffe ? 1 : this.stamp + 1;
    if (this.stamp === 1) this.blockedStamp.fill(0);
    return this.stamp;
  }

  private compareMakeModel(a: number, b: number): number {
    return (
      compareText(this.makes.values[this.make[a]!]!, this.makes.values[this.make[b]!]!) || compareText(this.models[a]!, this.models[b]!)
    );
  }

  /** Positions of every row in id order and in (make, model, id) order, built by one sort when missing. */
  private ensureOrder(): void {
    if (this.byId.isBuilt && this.byName.isBuilt) return;
    const rows = Array.from(this.liveRows());
    this.byId.build(rows, this.capacity);
    this.byName.build(rows, this.capacity);
  }

  /** Rows [start, end) of `rows[0..count)` in the sort's order (page-order.ts). */
  private topRows(rows: Int32Array, count: number, start: number, end: number, sort: VehicleSort, hasText: boolean): number[] {
    const columns: SortColumns = {
      price: this.price,
      year: this.year,
      created: this.created,
      starsTotal: this.starsTotal,
      reviewCount: this.reviewCount,
      rank: this.text.rank,
      idPos: this.byId.positions,
      namePos: this.byName.positions,
    };
    return pageRows(columns, sort, hasText, rows, count, { start, end }, { keys: this.keyBuffer, scratch: this.selectBuffer });
  }

  private facetsOf(f: FacetCounters): IndexFacets {
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
      const property = this.pairProperty[pair]!;
      let list = valuesByProperty.get(property);
      if (!list) valuesByProperty.set(property, (list = []));
      list.push({ value: this.pairValue[pair]!, count: f.pairCount[pair]! });
    }
    return {
      makes: named(this.makes, f.makeSeen, f.makeCount),
      colors: named(this.colors, f.colorSeen, f.colorCount),
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
}

export { isFuzzyWord, selectNth };
