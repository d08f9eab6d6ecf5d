// The embedded default basemap, made at build time by apps/web/vite-basemap.ts: a same-origin URL
// in a build, the GeoJSON itself in development.
declare module 'virtual:rentdrive-basemap' {
  import type { FeatureCollection } from 'geojson';
  const basemap: string | FeatureCollection;
  export default basemap;
}
