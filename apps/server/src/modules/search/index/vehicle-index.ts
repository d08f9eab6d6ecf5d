import type { Locale } from '@rentdrive/contracts/locales';
import { BookedDays } from './booked-days';
import { CardTexts } from './card-texts';
import { CatalogueLookup } from './catalogue-lookup';
import { newFacetCounters, readFacets, type FacetCounters } from './facet-counts';
import type { IndexCriteria, IndexPage, IndexResult } from './index-query';
import type { CardFields, IndexedCatalogue, IndexedVehicle, IndexSink } from './index-types';
import { ListedValuesCache } from './listed-values-cache';
import { PlacePoints } from './place-points';
import { PropertyPairs } from './property-pairs';
import { RowsByType } from './rows-by-type';
import { Scan, type ScanColumns } from './scan';
import { scanFiltersOf } from './scan-filters';
import { runScan } from './scan-loop';
import { SortOrders } from './sort-orders';
import { TextIndex } from './text-index';
import type { VocabularyFootprint } from './text-vocabulary';
import { VehicleRows } from './vehicle-rows';

export type { IndexCriteria, IndexFacets, IndexPage, IndexResult, NameCount, PropertyFacet } from './index-query';

/**
 * The in-process search index (ADR 007): the filterable columns of every live vehicle in typed
 * arrays, so that one pass over them gives a search's total, its facet counts (each facet leaving out
 * its own selection) and the order of its page in well under a millisecond per 10,000 vehicles, and
 * each vehicle's card, so a page's cards need no database read. PostgreSQL stays the source of truth: the
 * change feed (../sync) applies every committed change here before a search answers.
 *
 * This class applies changes to its parts and answers questions with them: the rows (vehicle-rows),
 * property values (property-pairs), booked days, text (text-index), the catalogue, the sort orders
 * and the caches (cards, rows by type, listed facet values), each dropped or updated on the changes
 * that affect it.
 */
export class VehicleIndex implements IndexSink {
  private readonly rows = new VehicleRows((capacity) => this.grow(capacity));
  private readonly pairs = new PropertyPairs();
  private readonly booked = new BookedDays();
  private readonly text = new TextIndex();
  private readonly catalogue = new CatalogueLookup();
  private readonly orders = new SortOrders(this.rows);
  private readonly cards: CardTexts;
  private readonly rowsByType = new RowsByType(this.rows);
  private readonly listedValues = new ListedValuesCache();
  /** Where each vehicle stands (issue 26). */
  private readonly places = new PlacePoints();
  /** Rows matched by the last search (reused: searches run synchronously, one at a time). */
  private matchBuffer = new Int32Array(0);

  /** @param renderCard turns a card into the JSON text the API sends (the wire format is the service's). */
  constructor(renderCard: (card: CardFields) => string = (card) => JSON.stringify(card)) {
    this.cards = new CardTexts(renderCard);
  }

  // ---- IndexSink -------------------------------------------------------------------------------

  upsert(v: IndexedVehicle): void {
    if (!v.live) {
      this.remove(v.id);
      return;
    }
    this.listedValues.clear();
    let row = this.rows.rowOf(v.id);
    if (row === undefined) {
      row = this.rows.addRow(v.id);
      this.rowsByType.clear();
    } else {
      if (this.rows.typeId[row] !== v.typeId) this.rowsByType.clear();
      this.orders.remove(row);
    }
    this.rows.write(row, v);
    this.cards.forget(row);
    this.orders.insert(row);
    this.text.set(row, v.searchText, v.make, v.model);
    this.pairs.set(row, this.rows.rowCount, v.properties);
    this.booked.set(row, v.bookedDays);
    this.places.set(row, v.place);
  }

  remove(id: string): void {
    this.listedValues.clear();
    const row = this.rows.rowOf(id);
    if (row === undefined) return;
    this.orders.remove(row);
    this.text.remove(row);
    this.pairs.clear(row);
    this.booked.clear(row);
    this.places.clear(row);
    this.cards.forget(row);
    this.rows.removeRow(id, row);
    this.rowsByType.clear();
  }

  setCatalogue(catalogue: IndexedCatalogue): void {
    this.catalogue.set(catalogue);
    // Cards show type and category names: render them again on next use.
    this.cards.forgetAll();
    this.listedValues.clear();
  }

  clear(): void {
    // Emptied for a full load: the orders are built again by one sort once it is done.
    this.orders.reset();
    for (const id of this.rows.heldIds()) this.remove(id);
  }

  /** A full load is done: builds what is cheaper built once than kept row by row during the load. */
  loaded(): void {
    this.orders.ensureBuilt();
  }

  // ---- Catalogue lookups ------------------------------------------------------------------------

  /** By id, or by name in English or any of its translations; `name` answered in `locale`. */
  findType(ref: { id?: number; name?: string }, locale?: Locale): { id: number; name: string } | undefined {
    return this.catalogue.findType(ref, locale);
  }

  /** A property's name in `locale` (id lower-case). */
  propertyName(id: string, locale?: Locale): string | undefined {
    return this.catalogue.propertyName(id, locale);
  }

  findCategoryIds(ref: { id?: number; name?: string }, typeId?: number): number[] {
    return this.catalogue.findCategoryIds(ref, typeId);
  }

  findPropertyIds(ids: string[]): string[] {
    return this.catalogue.findPropertyIds(ids);
  }

  // ---- Reads ------------------------------------------------------------------------------------

  get size(): number {
    return this.rows.liveCount;
  }

  /** Sizes of the text vocabulary (it holds the words of the current vehicles only). */
  textFootprint(): VocabularyFootprint {
    return this.text.footprint();
  }

  /** The cards of these vehicles as JSON texts, in order (ids no longer listed are left out); names in `locale`. */
  cardsJson(ids: readonly string[], locale: Locale = 'en'): string[] {
    const out: string[] = [];
    for (const id of ids) {
      const row = this.rows.rowOf(id);
      if (row === undefined) continue;
      out.push(this.cards.get(row, () => this.cardFields(row, locale), locale));
    }
    return out;
  }

  /** The exact point of a listed vehicle (for the distance on its card; never sent as such). */
  pointOf(id: string): { lat: number; lng: number } | undefined {
    const row = this.rows.rowOf(id);
    return row === undefined ? undefined : this.places.pointOf(row);
  }

  /** Ids of the newest live vehicles, newest first. */
  newest(limit = Number.POSITIVE_INFINITY): string[] {
    const live = this.rows.liveRows();
    const end = Math.min(limit, live.length);
    return this.orders.page(live, live.length, { start: 0, end }, 'newest', null).map((r) => this.rows.ids[r]!);
  }

  /** Ids of every vehicle matching all filters, by make, model, id (what /api/vehicle/filter answers). */
  filterIds(criteria: IndexCriteria): string[] {
    const count = this.evaluate(criteria, undefined);
    return this.orders.byMakeModel(this.matchBuffer.subarray(0, count)).map((r) => this.rows.ids[r]!);
  }

  /**
   * A page of ids in the requested order, the total, and the facets: the makes, colors and fuels of
   * every vehicle passing the type, category, text and availability filters, each counted under all
   * the other filters; the price and year bounds likewise; and the live properties of
   * `propertyTypeId` with their value counts, each property leaving out its own selection.
   */
  search(criteria: IndexCriteria, page: IndexPage, propertyTypeId?: number): IndexResult {
    const tables = { makes: this.rows.makes, colors: this.rows.colors, pairs: this.pairs };
    const properties = propertyTypeId === undefined ? [] : this.catalogue.propertiesOfType(propertyTypeId);
    const counters = newFacetCounters(
      tables,
      properties,
      criteria.properties.map((p) => p.propertyId.toLowerCase()),
    );
    const listedKey = this.listedValues.keyOf(criteria, propertyTypeId);
    const listed = this.listedValues.get(listedKey);
    if (listed) Object.assign(counters, listed, { markSeen: false });
    const count = this.evaluate(criteria, counters);
    if (!listed) {
      const { makeSeen, colorSeen, fuelSeen, pairSeen } = counters;
      this.listedValues.set(listedKey, { makeSeen, colorSeen, fuelSeen, pairSeen });
    }
    const end = Math.min(count, page.offset + page.limit);
    const rank = criteria.words.length ? this.text.rank : null;
    // 'distance' needs a point to measure from (issue 26); without one it orders as 'relevance'.
    const byDistance = page.sort === 'distance' && page.distanceFrom !== undefined;
    const sort = page.sort === 'distance' && !byDistance ? 'relevance' : page.sort;
    const wanted = page.offset < count && page.limit > 0;
    if (wanted && byDistance) this.places.measure(this.matchBuffer, count, page.distanceFrom!);
    const ordered = wanted ? this.orders.page(this.matchBuffer, count, { start: page.offset, end }, sort, rank, this.places.distance) : [];
    return { ids: ordered.map((r) => this.rows.ids[r]!), total: count, facets: readFacets(counters, tables) };
  }

  // ---- Internals --------------------------------------------------------------------------------

  /** Row-indexed buffers outside the row store follow its capacity. */
  private grow(capacity: number): void {
    this.pairs.grow(capacity);
    this.booked.grow(capacity);
    this.text.grow(capacity);
    this.orders.grow(capacity);
    this.places.grow(capacity);
    this.matchBuffer = new Int32Array(capacity);
  }

  private cardFields(row: number, locale: Locale): CardFields {
    const r = this.rows;
    return {
      ...r.cardFields(row, this.catalogue.typeName(r.typeId[row]!, locale), this.catalogue.categoryName(r.categoryId[row]!, locale)),
      ...this.places.cardPlace(row),
    };
  }

  /**
   * The live rows a query word names through a catalogue name in another language ('auto': the
   * cars, 'benzin': the petrol vehicles); undefined for most words (one map lookup).
   */
  private rowsNamedBy = (word: string): Int32Array | undefined => {
    const refs = this.catalogue.wordRefs(word);
    if (!refs) return undefined;
    const types = new Set(refs.typeIds);
    const categories = new Set(refs.categoryIds);
    const fuels = new Set(refs.fuelIds);
    const { live, typeId, categoryId, fuel } = this.rows;
    const out: number[] = [];
    for (let row = 0; row < this.rows.rowCount; row++) {
      if (live[row] && (types.has(typeId[row]!) || categories.has(categoryId[row]!) || fuels.has(fuel[row]!))) out.push(row);
    }
    return Int32Array.from(out);
  };

  /**
   * Runs the one pass (scan.ts) over the candidates (the text's matches, or every live row of the
   * type) and writes the matches into `matchBuffer`; with `counters`, fills the facet counts too.
   * Answers the number of matches.
   */
  private evaluate(criteria: IndexCriteria, counters: FacetCounters | undefined): number {
    const byTypeOrText = criteria.words.length
      ? this.text.match(criteria.words, this.rowsNamedBy)
      : this.rowsByType.of(criteria.typeId ?? -1);
    // A place (issue 26) is a hard filter like the type: it narrows the candidates before the one
    // pass, so every facet count follows it and the pass itself stays as it is.
    const candidates = criteria.place ? this.places.narrow(byTypeOrText, criteria.place) : byTypeOrText;
    const blockedStamp = this.markWindow(criteria);
    const filters = scanFiltersOf(criteria, { rows: this.rows, pairs: this.pairs }, blockedStamp);
    const scan = new Scan({ columns: this.scanColumns(), candidates, filters, matches: this.matchBuffer, counters });
    runScan(scan);
    if (counters) {
      const prices = scan.priceMin <= scan.priceMax;
      const years = scan.yearMin <= scan.yearMax;
      counters.priceMin = prices ? scan.priceMin : null;
      counters.priceMax = prices ? scan.priceMax : null;
      counters.yearMin = years ? scan.yearMin : null;
      counters.yearMax = years ? scan.yearMax : null;
    }
    return scan.count;
  }

  /** Stamps the rows the availability window excludes; answers the stamp, or 0 without a window. */
  private markWindow(criteria: IndexCriteria): number {
    if (!criteria.availableFrom || !criteria.availableTo) return 0;
    const alsoBlocked: number[] = [];
    for (const id of criteria.blockedVehicleIds ?? []) {
      const row = this.rows.rowOf(id);
      if (row !== undefined) alsoBlocked.push(row);
    }
    return this.booked.markWindow(criteria.availableFrom, criteria.availableTo, alsoBlocked);
  }

  /** The columns a scan reads (replaced when the index grows, so taken per scan). */
  private scanColumns(): ScanColumns {
    const { live, typeId, categoryId, make, color, fuel, price, year } = this.rows;
    return {
      live,
      typeId,
      categoryId,
      make,
      color,
      fuel,
      price,
      year,
      pairSlots: this.pairs.slots,
      pairStride: this.pairs.stride,
      propertyOfPair: this.pairs.propertyOfPair,
      blockedStamp: this.booked.blockedStamp,
    };
  }
}
