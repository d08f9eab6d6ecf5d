import * as maplibre from 'maplibre-gl';
import workerUrl from 'maplibre-gl/dist/maplibre-gl-worker.mjs?url';
import 'maplibre-gl/dist/maplibre-gl.css';

// MapLibre 6 looks for its worker beside its own module, which a bundle does not keep: the worker
// file is emitted by the build (same origin, so the CSP's script-src 'self' allows it).
maplibre.setWorkerUrl(workerUrl);

/** MapLibre GL JS with its worker set: only ever imported from the lazily loaded map chunk. */
export const mapLib = maplibre;
