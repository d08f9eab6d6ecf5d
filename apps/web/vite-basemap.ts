import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { FeatureCollection, Geometry, Position } from 'geojson';
import { feature, mesh } from 'topojson-client';
import type { GeometryCollection, Topology } from 'topojson-specification';
import type { Plugin } from 'vite';

/** `import basemap from 'virtual:rentdrive-basemap'`: the URL (build) or the data (dev) of the default map's land and borders. */
export const BASEMAP_MODULE = 'virtual:rentdrive-basemap';
const RESOLVED = `\0${BASEMAP_MODULE}`;

/**
 * Two decimals of a degree is about 1 km: what Natural Earth's 1:50m scale resolves anyway (its lines
 * are generalized to about that); with the points that fall together left out, the file is a quarter
 * of the 4-decimal one.
 */
const round = (value: number) => Math.round(value * 1e2) / 1e2;

/** A line or ring rounded, with the points that rounding made equal to the one before left out. */
function roundLine(line: Position[]): Position[] {
  const out: Position[] = [];
  for (const [lng = 0, lat = 0] of line) {
    const point = [round(lng), round(lat)];
    const last = out[out.length - 1];
    if (!last || last[0] !== point[0] || last[1] !== point[1]) out.push(point);
  }
  return out;
}

/** Rings that rounding shrank below a triangle (islands under a kilometre) are dropped. */
const roundRings = (rings: Position[][]) => rings.map(roundLine).filter((ring) => ring.length >= 4);

function roundGeometry(geometry: Geometry): Geometry {
  switch (geometry.type) {
    case 'Polygon':
      return { type: 'Polygon', coordinates: roundRings(geometry.coordinates) };
    case 'MultiPolygon':
      return { type: 'MultiPolygon', coordinates: geometry.coordinates.map(roundRings).filter((polygon) => polygon.length > 0) };
    case 'MultiLineString':
      return { type: 'MultiLineString', coordinates: geometry.coordinates.map(roundLine).filter((line) => line.length >= 2) };
    case 'LineString':
      return { type: 'LineString', coordinates: roundLine(geometry.coordinates) };
    default:
      return geometry;
  }
}

/**
 * The embedded default basemap (issue 26, ADR 021): Natural Earth's countries at 1:50m from the
 * `world-atlas` package, turned from TopoJSON into GeoJSON here, at build time, so the browser gets
 * one same-origin JSON file and no map request ever leaves the site. Two layers: the land
 * (`kind: 'land'`) and the borders between countries (`kind: 'border'`, each drawn once).
 */
export function makeBasemap(): FeatureCollection {
  const require = createRequire(import.meta.url);
  const topology = JSON.parse(readFileSync(require.resolve('world-atlas/countries-50m.json'), 'utf8')) as Topology<{
    countries: GeometryCollection<{ name: string }>;
    land: GeometryCollection;
  }>;
  // The land as one shape and each border once (not every country's outline: that draws each border twice).
  const land = feature(topology, topology.objects.land);
  const borders = mesh(topology, topology.objects.countries, (a, b) => a !== b);
  return {
    type: 'FeatureCollection',
    features: [
      ...land.features.map((shape) => ({
        type: 'Feature' as const,
        properties: { kind: 'land' },
        geometry: roundGeometry(shape.geometry),
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
