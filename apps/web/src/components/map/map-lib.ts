import * as maplibre from 'maplibre-gl';
import workerUrl from 'maplibre-gl/dist/maplibre-gl-worker.mjs?url';
import 'maplibre-gl/dist/maplibre-gl.css';
import './map-overrides.css';

// MapLibre 6 looks for its worker beside its own module, which a bundle does not keep: the worker
// file is emitted by the build (same origin, so the CSP's script-src 'self' allows it).
maplibre.setWorkerUrl(workerUrl);

// The operator's PMTiles (MAP_STYLE_URL naming a style whose sources are `pmtiles://https://…`, e.g. the
// Protomaps basemap on their own bucket; ADR 030). The reader is its own chunk, fetched on the first
// pmtiles:// request only: the embedded basemap never loads it. With the archive's metadata read, its
// attribution (OpenStreetMap's) reaches the map's attribution control.
let pmtilesProtocol: Promise<InstanceType<typeof import('pmtiles').Protocol>> | undefined;
maplibre.addProtocol('pmtiles', async (params, abortController) => {
  pmtilesProtocol ??= import('pmtiles').then(({ Protocol }) => new Protocol({ metadata: true }));
  return (await pmtilesProtocol).tile(params, abortController);
});

/** MapLibre GL JS with its worker set: only ever imported from the lazily loaded map chunk. */
export const mapLib = maplibre;
