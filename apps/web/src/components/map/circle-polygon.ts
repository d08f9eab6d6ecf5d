import type { Feature, Polygon } from 'geojson';

const EARTH_RADIUS_M = 6_371_008.8;

/** A circle of `radiusM` metres around a point as a 64-sided GeoJSON polygon (maps draw no geographic circles of their own). */
export function circlePolygon(lat: number, lng: number, radiusM: number, sides = 64): Feature<Polygon> {
  const angular = radiusM / EARTH_RADIUS_M;
  const latR = (lat * Math.PI) / 180;
  const lngR = (lng * Math.PI) / 180;
  const ring: [number, number][] = [];
  for (let i = 0; i <= sides; i++) {
    const bearing = (2 * Math.PI * i) / sides;
    const pLat = Math.asin(Math.sin(latR) * Math.cos(angular) + Math.cos(latR) * Math.sin(angular) * Math.cos(bearing));
    const pLng =
      lngR + Math.atan2(Math.sin(bearing) * Math.sin(angular) * Math.cos(latR), Math.cos(angular) - Math.sin(latR) * Math.sin(pLat));
    ring.push([(pLng * 180) / Math.PI, (pLat * 180) / Math.PI]);
  }
  return { type: 'Feature', properties: {}, geometry: { type: 'Polygon', coordinates: [ring] } };
}
