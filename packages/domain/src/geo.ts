/**
 * Places on the Earth (issue 26): great-circle distance, a radius's bounding box, map bounds (which may
 * cross the 180th meridian) and the rounding that hides a vehicle's exact pick-up spot. No zod and no
 * imports, so the web can use it in any bundle and the server's search index in its scan.
 */

/** The radii a renter may choose, in km; none means anywhere. */
export const RADIUS_KM_CHOICES = [5, 10, 25, 50, 100] as const;
export type RadiusKm = (typeof RADIUS_KM_CHOICES)[number];

/** Mean Earth radius (IUGG), km. */
export const EARTH_RADIUS_KM = 6371.0088;

/**
 * Public points are snapped to a grid of this many degrees of latitude (about 550 m) and a longitude
 * step that keeps the cells about as wide at the point's latitude. The page draws a circle of
 * PUBLIC_CIRCLE_METRES around the snapped point, which always contains the exact spot.
 */
export const PUBLIC_GRID_DEGREES = 0.005;
export const PUBLIC_CIRCLE_METRES = 500;

export interface LatLng {
  lat: number;
  lng: number;
}

/** A map's visible area. west > east means the area crosses the 180th meridian. */
export interface Bounds {
  north: number;
  south: number;
  east: number;
  west: number;
}

const RAD = Math.PI / 180;

export function isLatitude(value: unknown): value is number {
  return typeof value === 'number' && Number.isFinite(value) && value >= -90 && value <= 90;
}

export function isLongitude(value: unknown): value is number {
  return typeof value === 'number' && Number.isFinite(value) && value >= -180 && value <= 180;
}

/** Great-circle distance in km (haversine; stable for short and antipodal distances alike). */
export function distanceKm(a: LatLng, b: LatLng): number {
  return haversineKm(a.lat, a.lng, b.lat, b.lng);
}

export function haversineKm(lat1: number, lng1: number, lat2: number, lng2: number): number {
  const dLat = (lat2 - lat1) * RAD;
  const dLng = (lng2 - lng1) * RAD;
  const s = Math.sin(dLat / 2) ** 2 + Math.cos(lat1 * RAD) * Math.cos(lat2 * RAD) * Math.sin(dLng / 2) ** 2;
  return 2 * EARTH_RADIUS_KM * Math.asin(Math.min(1, Math.sqrt(s)));
}

/**
 * A circle's cheap pre-filter for a scan over many points: the haversine term `s` of the radius, so
 * that a point is inside when its own `s` is at most this (no asin or sqrt per point).
 */
export function haversineLimit(radiusKm: number): number {
  const half = Math.min(Math.PI / 2, radiusKm / EARTH_RADIUS_KM / 2);
  return Math.sin(half) ** 2;
}

/** The haversine term of two points given in radians with the first point's cosine precomputed. */
export function haversineTerm(lat1Rad: number, cosLat1: number, lng1Rad: number, lat2Rad: number, lng2Rad: number): number {
  const sLat = Math.sin((lat2Rad - lat1Rad) / 2);
  const sLng = Math.sin((lng2Rad - lng1Rad) / 2);
  return sLat * sLat + cosLat1 * Math.cos(lat2Rad) * sLng * sLng;
}

/** Km from a haversine term. */
export function termToKm(term: number): number {
  return 2 * EARTH_RADIUS_KM * Math.asin(Math.min(1, Math.sqrt(term)));
}

/**
 * The smallest latitude/longitude box that holds a circle. Near a pole (the circle reaches over it)
 * the box spans every longitude; a box that crosses the 180th meridian has west > east.
 */
export function circleBounds(center: LatLng, radiusKm: number): Bounds {
  const angular = radiusKm / EARTH_RADIUS_KM;
  const north = center.lat + angular / RAD;
  const south = center.lat - angular / RAD;
  if (north >= 90 || south <= -90) {
    return { north: Math.min(90, north), south: Math.max(-90, south), west: -180, east: 180 };
  }
  const latRad = center.lat * RAD;
  const sinRatio = Math.sin(angular) / Math.cos(latRad);
  if (sinRatio >= 1) return { north, south, west: -180, east: 180 };
  const dLng = Math.asin(sinRatio) / RAD;
  return { north, south, west: normalizeLongitude(center.lng - dLng), east: normalizeLongitude(center.lng + dLng) };
}

/** -180..180 (180 stays 180, -180 stays -180). */
export function normalizeLongitude(lng: number): number {
  if (lng >= -180 && lng <= 180) return lng;
  const wrapped = ((((lng + 180) % 360) + 360) % 360) - 180;
  return wrapped;
}

/** Whether the bounds cross the 180th meridian (west edge east of the east edge). */
export function crossesAntimeridian(bounds: Bounds): boolean {
  return bounds.west > bounds.east;
}

/** Whether a point lies in the bounds (edges included), across the 180th meridian too. */
export function inBounds(bounds: Bounds, lat: number, lng: number): boolean {
  if (lat > bounds.north || lat < bounds.south) return false;
  return bounds.west <= bounds.east ? lng >= bounds.west && lng <= bounds.east : lng >= bounds.west || lng <= bounds.east;
}

/** The bounds' middle point (across the 180th meridian too); distances sort from here without a 'near'. */
export function boundsCenter(bounds: Bounds): LatLng {
  const span = bounds.west <= bounds.east ? bounds.east - bounds.west : bounds.east + 360 - bounds.west;
  return { lat: (bounds.north + bounds.south) / 2, lng: normalizeLongitude(bounds.west + span / 2) };
}

/**
 * The point shown to the public: snapped to the middle of a grid cell about 550 m on each side, so
 * every spot in a cell shows the same point and the exact spot cannot be read back. The snapped point
 * is at most ~400 m from the real one (half a cell's diagonal), inside the page's 500 m circle.
 */
export function publicPoint(point: LatLng): LatLng {
  const latStep = PUBLIC_GRID_DEGREES;
  const lat = clamp(snap(point.lat, latStep), -90 + latStep / 2, 90 - latStep / 2);
  // The longitude step widens towards the poles so a cell stays about as wide as it is tall; the
  // step is taken from the cell's own latitude band so all points of a cell share it.
  const cos = Math.max(Math.cos(lat * RAD), 0.01);
  const lngStep = Math.min(360, latStep / quantizeCos(cos));
  const lng = normalizeLongitude(snap(point.lng, lngStep));
  return { lat: round6(lat), lng: round6(lng) };
}

/** A distance for a card: 0.1 km steps below 10 km, whole km above. */
export function roundDistanceKm(km: number): number {
  return km < 10 ? Math.round(km * 10) / 10 : Math.round(km);
}

function snap(value: number, step: number): number {
  return (Math.floor(value / step) + 0.5) * step;
}

/** Cosines in steps of 1/64 so neighbouring latitude bands use one longitude step. */
function quantizeCos(cos: number): number {
  return Math.max(1 / 64, Math.round(cos * 64) / 64);
}

function clamp(value: number, min: number, max: number): number {
  return Math.min(max, Math.max(min, value));
}

function round6(value: number): number {
  return Math.round(value * 1e6) / 1e6;
}
