/**
 * Issue 26 in npm run bench:search: the search with a place (a radius, the map's bounds, a radius
 * sorted by distance) against the same body without one, in the same run, and the place suggestions
 * (GET /api/geo/places).
 */
import { performance } from 'node:perf_hooks';
import { worldGazetteer } from '../../apps/server/src/modules/location/gazetteer';

function percentile(sorted: number[], p: number): number {
  if (!sorted.length) return 0;
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
}

/** Issue 26: the place bodies and the body without a place they are compared with (same type, Car). */
const BERLIN = { lat: 52.52, lng: 13.405 };
export const PLACE_BODIES = {
  none: { vehicleTypeId: 'Car' },
  radius: { vehicleTypeId: 'Car', near: { ...BERLIN, radiusKm: 50 } },
  radiusByDistance: { vehicleTypeId: 'Car', near: { ...BERLIN, radiusKm: 100 }, sort: 'distance' },
  // Central Europe: about a third of the vehicles.
  bounds: { vehicleTypeId: 'Car', bounds: { north: 54, south: 45, west: 5, east: 17 } },
} satisfies Record<string, Record<string, unknown>>;

/** Place suggestions typed letter by letter, with and without accents, and postcodes. */
const PLACE_QUERIES = [
  'b',
  'be',
  'ber',
  'berl',
  'm',
  'mu',
  'mun',
  'munchen',
  'koln',
  'par',
  'lisb',
  'wien',
  'z',
  'zur',
  'frankfurt',
  'sa',
  'st',
  '10',
  '750',
];

/**
 * Each place body and the body without a place, uncached (a new price bound each time), taken in
 * turn so that the machine's load falls on all alike: p50, p95 and the ratio to the body without.
 */
export async function placeComparison(base: string, rounds: number): Promise<string[]> {
  const names = Object.keys(PLACE_BODIES) as (keyof typeof PLACE_BODIES)[];
  const times = new Map(names.map((n) => [n, [] as number[]]));
  const totals = new Map<string, number>();
  for (let i = 0; i < rounds; i++) {
    for (const name of names) {
      const started = performance.now();
      const res = await fetch(`${base}/api/vehicle/search`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ ...PLACE_BODIES[name], maxPrice: 3000 + i / 100 }),
      });
      const json = (await res.json()) as { total: number };
      if (res.status !== 200) throw new Error(`${name}: ${res.status}`);
      times.get(name)!.push(performance.now() - started);
      totals.set(name, json.total);
    }
  }
  const stats = (name: keyof typeof PLACE_BODIES) => {
    const sorted = [...times.get(name)!].sort((a, b) => a - b);
    return { p50: percentile(sorted, 50), p95: percentile(sorted, 95) };
  };
  const none = stats('none');
  return names.map((name) => {
    const r = stats(name);
    return `| ${name} | ${totals.get(name)} | ${r.p50.toFixed(2)} | ${r.p95.toFixed(2)} | ${(r.p95 / none.p95).toFixed(2)}x |`;
  });
}

/** One GET, its body read: milliseconds as the client sees them. */
async function timedGet(url: string): Promise<number> {
  const started = performance.now();
  const res = await fetch(url);
  await res.text();
  if (res.status !== 200) throw new Error(`${url}: ${res.status}`);
  return performance.now() - started;
}

/** Texts of PLACE_QUERIES as autocannon requests (letter by letter, accents, postcodes). */
export function placeRequests(): { method: 'GET'; path: string }[] {
  return PLACE_QUERIES.map((q) => ({ method: 'GET' as const, path: `/api/geo/places?q=${encodeURIComponent(q)}` }));
}

/**
 * GET /api/geo/places over HTTP, each request followed by a GET /api/health on the same connection
 * (sequential, after a warm-up): what the route costs beyond the HTTP path every request pays, in
 * the same minute of the machine's load. Then the lookup alone in this process.
 */
export async function placeSuggestions(base: string, count: number): Promise<string> {
  for (let i = 0; i < 20; i++) {
    await timedGet(`${base}/api/geo/places?q=${encodeURIComponent(PLACE_QUERIES[i % PLACE_QUERIES.length]!)}`);
    await timedGet(`${base}/api/health`);
  }
  const places: number[] = [];
  const health: number[] = [];
  for (let i = 0; i < count; i++) {
    const q = PLACE_QUERIES[i % PLACE_QUERIES.length]!;
    places.push(await timedGet(`${base}/api/geo/places?q=${encodeURIComponent(q)}`));
    health.push(await timedGet(`${base}/api/health`));
  }
  places.sort((a, b) => a - b);
  health.sort((a, b) => a - b);
  // The lookup itself, in this process (the server's share of each request above).
  const gazetteer = worldGazetteer();
  const lookups: number[] = [];
  for (let i = 0; i < 20_000; i++) {
    const started = performance.now();
    gazetteer.search(PLACE_QUERIES[i % PLACE_QUERIES.length]!);
    lookups.push(performance.now() - started);
  }
  lookups.sort((a, b) => a - b);
  const f = (sorted: number[]) => `p50 ${percentile(sorted, 50).toFixed(2)} ms, p95 ${percentile(sorted, 95).toFixed(2)} ms`;
  return [
    `| sequential, in turn (${count} each) | p50 ms | p95 ms |`,
    '|---|---|---|',
    `| GET /api/geo/places (${PLACE_QUERIES.length} texts) | ${percentile(places, 50).toFixed(2)} | ${percentile(places, 95).toFixed(2)} |`,
    `| GET /api/health | ${percentile(health, 50).toFixed(2)} | ${percentile(health, 95).toFixed(2)} |`,
    '',
    `places: ${f(places)}; health: ${f(health)}; the lookup alone (in process, 20,000): p50 ${percentile(lookups, 50).toFixed(3)} ms, p95 ${percentile(lookups, 95).toFixed(3)} ms`,
  ].join('\n');
}
