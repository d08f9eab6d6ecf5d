import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { FeatureCollection, Geometry, Position } from 'geojson';
import { feature, mesh } from 'topojson-client';
import type { GeometryCollection, Topology } from 'topojson-specification';
import type { Plugin } from 'vite';

/** `import basemap from 'virtual:rentdrive-basemap'`: the URL (build) or the data (dev) of the default map's land and borders. */
export const BASEMAP_MODULE = 'virtual:rentdrive-basemap';
const RESOLVED = `\0${BASEMAP_MODULE}`;

/** Four decimals of a degree is about 10 m: finer than Natural Earth's 1:50m scale draws. */
const round = (value: number) => Math.round(value * 1e4) / 1e4;

function roundPositions(coordinates: unknown): unknown {
  if (typeof coordinates === 'number') return round(coordinates);
  return (coordinates as unknown[]).map(roundPositions);
}

function roundGeometry(geometry: Geometry): Geometry {
  if (geometry.type === 'GeometryCollection') return { ...geometry, geometries: geometry.geometries.map(roundGeometry) };
  return { ...geometry, coordinates: roundPositions(geometry.coordinates) as Position[][] } as Geometry;
}

/**
 * The embedded default basemap (issue 26, ADR 021): Natural Earth's countries at 1:50m from the
 * `world-atlas` package, turned from TopoJSON into GeoJSON here, at build time, so the browser gets
 * one same-origin JSON file and no map request ever leaves the site. Two layers: the countries'
 * land (`kind: 'land'`, with the name) and the borders between them (`kind: 'border'`, drawn once).
 */
export function makeBasemap(): FeatureCollection {
  const require = createRequire(import.meta.url);
  const topology = JSON.parse(readFileSync(require.resolve('world-atlas/countries-50m.json'), 'utf8')) as Topology<{
    countries: GeometryCollection<{ name: string }>;
  }>;
  const countries = feature(topology, topology.objects.countries);
  const borders = mesh(topology, topology.objects.countries, (a, b) => a !== b);
  return {
    type: 'FeatureCollection',
    features: [
      ...countries.features.map((country) => ({
        type: 'Feature' as const,
        properties: { kind: 'land', name: country.properties?.name ?? '' },
        geometry: roundGeometry(country.geometry),
      })),
      { type: 'Feature', properties: { kind: 'border' }, geometry: roundGeometry(borders) },
    ],
  };
}

export function basemap(): Plugin {
  let isBuild = false;
  return {
    name: 'rentdrive-basemap',
    configResolved(config) {
      isBuild = config.command === 'build';
    },
    resolveId(id) {
      return id === BASEMAP_MODULE ? RESOLVED : undefined;
    },
    load(id) {
      if (id !== RESOLVED) return undefined;
      const json = JSON.stringify(makeBasemap());
      if (!isBuild) return `export default ${json};`;
      // Its own hashed file (cached for good, gzip/Brotli copies by the precompress plugin), fetched by the map's worker.
      const ref = this.emitFile({ type: 'asset', name: 'basemap.json', source: json });
      return `export default import.meta.ROLLUP_FILE_URL_${ref};`;
    },
  };
}
