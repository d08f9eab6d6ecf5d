import { circleBounds, haversineLimit, publicPoint, type Bounds, type LatLng } from '@rentdrive/domain/geo';
import type { IndexedPlace } from './index-types';

const RAD = Math.PI / 180;
const EARTH_DIAMETER_KM = 2 * 6371.0088;

/** A search's place filter: a circle (near), the map's area (bounds), or both. */
export interface PlaceFilter {
  near?: { lat: number; lng: number; radiusKm: number };
  bounds?: Bounds;
}

/**
 * Where each row's vehicle stands (issue 26), in typed arrays by row like the other columns: the
 * exact point in radians with its latitude's cosine (so the distance test costs no cosine per row),
 * and the city and country for the card. `has` is 0 for a vehicle without a place: such a vehicle
 * is left out of every search that names a place and kept in every other.
 */
export class PlacePoints {
  has = new Uint8Array(0);
  /** Degrees (the box tests). */
  lat = new Float64Array(0);
  lng = new Float64Array(0);
  /** Radians and cos(lat) (the great-circle test and distance). */
  latRad = new Float64Array(0);
  lngRad = new Float64Array(0);
  cosLat = new Float64Array(0);
  /** Km from the last search's point, for the rows it matched (sort keys). */
  distance = new Float64Array(0);
  private readonly cities: (string | undefined)[] = [];
  private readonly countries: (string | undefined)[] = [];
  private buffer = new Int32Array(0);

  grow(capacity: number): void {
    const grow = <T extends Uint8Array | Float64Array>(old: T, next: T): T => (next.set(old), next);
    this.has = grow(this.has, new Uint8Array(capacity));
    this.lat = grow(this.lat, new Float64Array(capacity));
    this.lng = grow(this.lng, new Float64Array(capacity));
    this.latRad = grow(this.latRad, new Float64Array(capacity));
    this.lngRad = grow(this.lngRad, new Float64Array(capacity));
    this.cosLat = grow(this.cosLat, new Float64Array(capacity));
    this.distance = new Float64Array(capacity);
    this.buffer = new Int32Array(capacity);
  }

  set(row: number, place: IndexedPlace | null | undefined): void {
    if (!place) {
      this.clear(row);
      return;
    }
    this.has[row] = 1;
    this.lat[row] = place.lat;
    this.lng[row] = place.lng;
    this.latRad[row] = place.lat * RAD;
    this.lngRad[row] = place.lng * RAD;
    this.cosLat[row] = Math.cos(place.lat * RAD);
    this.cities[row] = place.city;
    this.countries[row] = place.country;
  }

  clear(row: number): void {
    this.has[row] = 0;
    this.cities[row] = undefined;
    this.countries[row] = undefined;
  }

  /** The card's place: city, country and the rounded public point; nulls without a place. */
  cardPlace(row: number): { city: string | null; country: string | null; point: LatLng | null } {
    if (!this.has[row]) return { city: null, country: null, point: null };
    return {
      city: this.cities[row] ?? null,
      country: this.countries[row] ?? null,
      point: publicPoint({ lat: this.lat[row]!, lng: this.lng[row]! }),
    };
  }

  /** The exact point of a row (distances on cards), or undefined without a place. */
  pointOf(row: number): LatLng | undefined {
    return this.has[row] ? { lat: this.lat[row]!, lng: this.lng[row]! } : undefined;
  }

  /**
   * The candidates inside the place filter, as a new list (in candidate order): first the cheap
   * latitude/longitude box of the bounds and of the circle, then, for the circle, the great-circle
   * test on the haversine term (no sqrt or asin per row). The returned array is a reused buffer,
   * valid until the next call.
   */
  narrow(candidates: Int32Array, filter: PlaceFilter): Int32Array {
    const { has, lat, lng, latRad, lngRad, cosLat } = this;
    const out = this.buffer;
    const b = filter.bounds;
    const bNorth = b ? b.north : 90;
    const bSouth = b ? b.south : -90;
    const bWest = b ? b.west : -180;
    const bEast = b ? b.east : 180;
    const bWraps = b ? b.west > b.east : false;
    const near = filter.near;
    const circle = near ? circleBounds(near, near.radiusKm) : undefined;
    const cNorth = circle ? circle.north : 90;
    const cSouth = circle ? circle.south : -90;
    const cWest = circle ? circle.west : -180;
    const cEast = circle ? circle.east : 180;
    const cWraps = circle ? circle.west > circle.east : false;
    const limit = near ? haversineLimit(near.radiusKm) : 1;
    const pLat = near ? near.lat * RAD : 0;
    const pLng = near ? near.lng * RAD : 0;
    const pCos = Math.cos(pLat);
    let n = 0;
    for (let i = 0; i < candidates.length; i++) {
      const r = candidates[i]!;
      if (!has[r]) continue;
      const la = lat[r]!;
      const ln = lng[r]!;
      if (la > bNorth || la < bSouth) continue;
      if (bWraps ? ln < bWest && ln > bEast : ln < bWest || ln > bEast) continue;
      if (near) {
        if (la > cNorth || la < cSouth) continue;
        if (cWraps ? ln < cWest && ln > cEast : ln < cWest || ln > cEast) continue;
        const sLat = Math.sin((latRad[r]! - pLat) / 2);
        const sLng = Math.sin((lngRad[r]! - pLng) / 2);
        if (sLat * sLat + pCos * cosLat[r]! * sLng * sLng > limit) continue;
      }
      out[n++] = r;
    }
    return out.subarray(0, n);
  }

  /** Writes the km from `from` of the rows[0..count) into `distance` by row (for the distance sort). */
  measure(rows: Int32Array, count: number, from: LatLng): void {
    const { latRad, lngRad, cosLat, distance, has } = this;
    const pLat = from.lat * RAD;
    const pLng = from.lng * RAD;
    const pCos = Math.cos(pLat);
    for (let i = 0; i < count; i++) {
      const r = rows[i]!;
      if (!has[r]) {
        distance[r] = Number.POSITIVE_INFINITY;
        continue;
      }
      const sLat = Math.sin((latRad[r]! - pLat) / 2);
      const sLng = Math.sin((lngRad[r]! - pLng) / 2);
      const term = sLat * sLat + pCos * cosLat[r]! * sLng * sLng;
      distance[r] = EARTH_DIAMETER_KM * Math.asin(Math.min(1, Math.sqrt(term)));
    }
  }
}
