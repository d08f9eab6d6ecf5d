import type { StyleSpecification } from 'maplibre-gl';
import basemap from 'virtual:rentdrive-basemap';

/** Where the page names the operator's map style (MAP_STYLE_URL, written by the server into the document). */
export const MAP_STYLE_META = 'rentdrive-map-style';

/** Calm neutrals of the app's theme (DESIGN.md): water, land, borders. */
const WATER = '#dbeafe';
const LAND = '#f8fafc';
const BORDER = '#94a3b8';

/**
 * The embedded default: the bundled Natural Earth countries (ADR 021), no tiles, no glyphs, no
 * sprites, so nothing is fetched from anywhere but this site. Labels and markers are HTML.
 */
export const DEFAULT_MAP_STYLE: StyleSpecification = {
  version: 8,
  sources: {
    basemap: { type: 'geojson', data: basemap, attribution: 'Natural Earth' },
  },
  layers: [
    { id: 'water', type: 'background', paint: { 'background-color': WATER } },
    { id: 'land', type: 'fill', source: 'basemap', filter: ['==', ['get', 'kind'], 'land'], paint: { 'fill-color': LAND } },
    {
      id: 'borders',
      type: 'line',
      source: 'basemap',
      filter: ['==', ['get', 'kind'], 'border'],
      paint: { 'line-color': BORDER, 'line-width': ['interpolate', ['linear'], ['zoom'], 2, 0.5, 8, 1.5] },
    },
  ],
};

/** The operator's style when the server names one (a hosted vector style or PMTiles), else the embedded default. */
export function mapStyle(): string | StyleSpecification {
  const url = typeof document === 'undefined' ? null : document.querySelector(`meta[name="${MAP_STYLE_META}"]`)?.getAttribute('content');
  return url ? url : DEFAULT_MAP_STYLE;
}
