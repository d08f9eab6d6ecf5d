import { FUEL_TYPES } from '@rentdrive/contracts/enums';
import { LOCALES, type Locale } from '@rentdrive/contracts/locales';
import { translateApiText } from '../../../lib/i18n';
import type { IndexedCatalogue, IndexedProperty, IndexedTranslations } from './index-types';

const compareText = (a: string, b: string): number => (a < b ? -1 : a > b ? 1 : 0);

/** Lower-case without accents ('Vélo' -> 'velo'), so a query typed without them still finds the name. */
export function foldName(text: string): string {
  return text.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase();
}

/** A query word shorter than this matches a translated name only as a whole word (no prefix). */
const PREFIX_MIN = 4;

/** Catalogue rows a query word names in one of the other languages ('auto' -> the type Car). */
export interface WordRefs {
  typeIds: number[];
  categoryIds: number[];
  /** Fuels by id ('benzin' -> 1 Petrol): their names are messages of the api catalogue. */
  fuelIds: number[];
}

/** Each fuel's names in the other languages (fuel 0 'None' is no fuel to search for). */
function fuelTranslations(): { id: number; translations: IndexedTranslations }[] {
  return FUEL_TYPES.slice(1).map((name, i) => ({
    id: i + 1,
    translations: Object.fromEntries(LOCALES.filter((l) => l !== 'en').map((locale) => [locale, translateApiText(name, locale)])),
  }));
}
let FUELS: ReturnType<typeof fuelTranslations> | undefined;

interface NamedRow {
  id: number;
  name: string;
  translations?: IndexedTranslations;
  live: boolean;
}

/** The name in `locale`: its translation when it has one, else English. */
function nameIn(row: { name: string; translations?: IndexedTranslations } | undefined, locale: Locale | undefined): string {
  if (!row) return '';
  if (!locale || locale === 'en') return row.name;
  return row.translations?.[locale] || row.name;
}

/** Whether `ref.name` is the row's English name or one of its translations (case-insensitive). */
function namedBy(row: NamedRow, name: string): boolean {
  if (row.name.toLowerCase() === name) return true;
  for (const value of Object.values(row.translations ?? {})) if (value?.toLowerCase() === name) return true;
  return false;
}

/** The catalogue (types, categories, properties) as the index last received it, and lookups in it. */
export class CatalogueLookup {
  private catalogue: IndexedCatalogue = { types: [], categories: [], properties: [] };
  private typesById = new Map<number, NamedRow>();
  private categoriesById = new Map<number, NamedRow>();
  private propertiesById = new Map<string, IndexedProperty>();
  /** Folded words of the live rows' translated names -> the rows (types and categories). */
  private translatedWords = new Map<string, WordRefs>();
  private wordCache = new Map<string, WordRefs | null>();

  set(catalogue: IndexedCatalogue): void {
    this.catalogue = {
      types: catalogue.types,
      categories: catalogue.categories,
      properties: catalogue.properties.map((p) => ({ ...p, id: p.id.toLowerCase() })),
    };
    this.typesById = new Map(catalogue.types.map((t) => [t.id, t]));
    this.categoriesById = new Map(catalogue.categories.map((c) => [c.id, c]));
    this.propertiesById = new Map(this.catalogue.properties.map((p) => [p.id, p]));
    this.translatedWords = new Map();
    this.wordCache = new Map();
    const addWords = (row: NamedRow, kind: keyof WordRefs) => {
      if (!row.live) return;
      for (const value of Object.values(row.translations ?? {})) {
        if (!value) continue;
        const folded = foldName(value);
        // The whole name ('e-scooter') and each of its words ('trottinette', 'electrique').
        for (const word of new Set([folded, ...folded.split(/[\s\-/]+/)])) {
          if (!word) continue;
          let refs = this.translatedWords.get(word);
          if (!refs) this.translatedWords.set(word, (refs = { typeIds: [], categoryIds: [], fuelIds: [] }));
          if (!refs[kind].includes(row.id)) refs[kind].push(row.id);
        }
      }
    };
    for (const t of catalogue.types) addWords(t, 'typeIds');
    for (const c of catalogue.categories) addWords(c, 'categoryIds');
    for (const f of (FUELS ??= fuelTranslations())) addWords({ ...f, name: FUEL_TYPES[f.id]!, live: true }, 'fuelIds');
  }

  /** A type's name in `locale`, live or not ('' when unknown): cards show what the vehicle was listed under. */
  typeName(id: number, locale?: Locale): string {
    return nameIn(this.typesById.get(id), locale);
  }

  categoryName(id: number, locale?: Locale): string {
    return nameIn(this.categoriesById.get(id), locale);
  }

  /** A property's name in `locale` (id lower-case); undefined when unknown. */
  propertyName(id: string, locale?: Locale): string | undefined {
    const property = this.propertiesById.get(id);
    return property && nameIn(property, locale);
  }

  /** A live type by id, or by name in English or any of its translations (case-insensitive). */
  findType(ref: { id?: number; name?: string }, locale?: Locale): { id: number; name: string } | undefined {
    const name = ref.name?.toLowerCase();
    const live = this.catalogue.types.filter((t) => t.live);
    // The English name wins over another type's translation that happens to be the same word.
    const type =
      ref.id !== undefined
        ? live.find((t) => t.id === ref.id)
        : (live.find((t) => t.name.toLowerCase() === name) ?? live.find((t) => name !== undefined && namedBy(t, name)));
    return type && { id: type.id, name: nameIn(type, locale) };
  }

  /** Ids of live categories matching an id or a name (English or translated), within a type when given. */
  findCategoryIds(ref: { id?: number; name?: string }, typeId?: number): number[] {
    const name = ref.name?.toLowerCase();
    const candidates = this.catalogue.categories.filter((c) => c.live && (typeId === undefined || c.typeId === typeId));
    if (ref.id !== undefined) return candidates.filter((c) => c.id === ref.id).map((c) => c.id);
    if (name === undefined) return [];
    const english = candidates.filter((c) => c.name.toLowerCase() === name);
    return (english.length ? english : candidates.filter((c) => namedBy(c, name))).map((c) => c.id);
  }

  /** Which of these property ids (lower-case) are live properties. */
  findPropertyIds(ids: string[]): string[] {
    const live = new Set(this.catalogue.properties.filter((p) => p.live).map((p) => p.id));
    return ids.filter((id) => live.has(id));
  }

  /** The live properties of a type, by name (ids lower-case). */
  propertiesOfType(typeId: number): IndexedProperty[] {
    return this.catalogue.properties.filter((p) => p.live && p.typeId === typeId).sort((a, b) => compareText(a.name, b.name));
  }

  /**
   * The live types and categories a query word names in another language: the word is one of their
   * translated names' words ('fahrrad', 'voiture', accents optional), or the start of one (4
   * characters or more: 'fahrr'). Null when it names none (English names are in the search text).
   */
  wordRefs(word: string): WordRefs | null {
    const cached = this.wordCache.get(word);
    if (cached !== undefined) return cached;
    const folded = foldName(word);
    let refs = this.translatedWords.get(folded) ?? null;
    if (!refs && folded.length >= PREFIX_MIN) {
      const merged: WordRefs = { typeIds: [], categoryIds: [], fuelIds: [] };
      for (const [name, found] of this.translatedWords) {
        if (!name.startsWith(folded)) continue;
        for (const kind of ['typeIds', 'categoryIds', 'fuelIds'] as const) {
          for (const id of found[kind]) if (!merged[kind].includes(id)) merged[kind].push(id);
        }
      }
      if (merged.typeIds.length || merged.categoryIds.length || merged.fuelIds.length) refs = merged;
    }
    if (this.wordCache.size >= 1000) this.wordCache.clear();
    this.wordCache.set(word, refs);
    return refs;
  }
}
