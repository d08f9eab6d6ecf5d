import { describe, expect, it } from 'vitest';
import {
  boundsCenter,
  circleBounds,
  distanceKm,
  haversineLimit,
  haversineTerm,
  inBounds,
  normalizeLongitude,
  PUBLIC_CIRCLE_METRES,
  publicPoint,
  roundDistanceKm,
} from './geo';

const BERLIN = { lat: 52.52, lng: 13.405 };
const MUNICH = { lat: 48.1374, lng: 11.5755 };
const PARIS = { lat: 48.8566, lng: 2.3522 };

describe('great-circle distance', () => {
  it('measures real city pairs within a kilometre of the published figures', () => {
    expect(distanceKm(BERLIN, MUNICH)).toBeCloseTo(504, -1);
    expect(Math.abs(distanceKm(BERLIN, PARIS) - 878)).toBeLessThan(2);
    expect(distanceKm(PARIS, PARIS)).toBe(0);
  });

  it('goes the short way across the 180th meridian', () => {
    // Two points one degree of longitude apart on the equator, on either side of the antimeridian.
    expect(distanceKm({ lat: 0, lng: 179.5 }, { lat: 0, lng: -179.5 })).toBeCloseTo(111.2, 0);
  });

  it('agrees with the haversine limit the index compares against', () => {
    const rad = Math.PI / 180;
    const term = haversineTerm(BERLIN.lat * rad, Math.cos(BERLIN.lat * rad), BERLIN.lng * rad, MUNICH.lat * rad, MUNICH.lng * rad);
    expect(term <= haversineLimit(510)).toBe(true);
    expect(term <= haversineLimit(500)).toBe(false);
  });
});

describe('the box around a circle', () => {
  it('holds every point of the circle', () => {
    const box = circleBounds(BERLIN, 25);
    for (let bearing = 0; bearing < 360; bearing += 15) {
      const b = (bearing * Math.PI) / 180;
      const d = 24.99 / 6371.0088;
      const lat1 = (BERLIN.lat * Math.PI) / 180;
      const lng1 = (BERLIN.lng * Math.PI) / 180;
      const lat2 = Math.asin(Math.sin(lat1) * Math.cos(d) + Math.cos(lat1) * Math.sin(d) * Math.cos(b));
      const lng2 = lng1 + Math.atan2(Math.sin(b) * Math.sin(d) * Math.cos(lat1), Math.cos(d) - Math.sin(lat1) * Math.sin(lat2));
      expect(inBounds(box, (lat2 * 180) / Math.PI, (lng2 * 180) / Math.PI)).toBe(true);
    }
    expect(inBounds(box, MUNICH.lat, MUNICH.lng)).toBe(false);
  });

  it('spans every longitude around a pole, and points beyond the pole are inside the radius', () => {
    const nearPole = { lat: 89.9, lng: 0 };
    const box = circleBounds(nearPole, 50);
    expect(box).toMatchObject({ west: -180, east: 180, north: 90 });
    // 20 km from the point, on the other side of the pole (longitude 180).
    const across = { lat: 89.92, lng: 180 };
    expect(distanceKm(nearPole, across)).toBeLessThan(50);
    expect(inBounds(box, across.lat, across.lng)).toBe(true);
  });

  it('crosses the 180th meridian with west > east', () => {
    const box = circleBounds({ lat: -17.7, lng: 179.9 }, 50); // Fiji
    expect(box.west).toBeGreaterThan(box.east);
    expect(inBounds(box, -17.7, -179.8)).toBe(true);
    expect(inBounds(box, -17.7, 0)).toBe(false);
  });
});

describe('bounds', () => {
  it('across the 180th meridian hold both sides and nothing in between', () => {
    const pacific = { north: 10, south: -10, west: 170, east: -170 };
    expect(inBounds(pacific, 0, 175)).toBe(true);
    expect(inBounds(pacific, 0, -175)).toBe(true);
    expect(inBounds(pacific, 0, 180)).toBe(true);
    expect(inBounds(pacific, 0, 0)).toBe(false);
    expect(inBounds(pacific, 11, 175)).toBe(false);
    expect(boundsCenter(pacific)).toEqual({ lat: 0, lng: 180 });
  });

  it('include their edges', () => {
    const europe = { north: 60, south: 40, west: -5, east: 20 };
    expect(inBounds(europe, 60, 20)).toBe(true);
    expect(inBounds(europe, 40, -5)).toBe(true);
    expect(inBounds(europe, 39.999, 0)).toBe(false);
  });

  it('normalise longitudes into -180..180', () => {
    expect(normalizeLongitude(190)).toBe(-170);
    expect(normalizeLongitude(-190)).toBe(170);
    expect(normalizeLongitude(180)).toBe(180);
  });
});

describe('public points', () => {
  it('are within the page circle of the real spot and hide it (every spot of a cell shows the same point)', () => {
    const exact = { lat: 52.520008, lng: 13.404954 };
    const shown = publicPoint(exact);
    expect(distanceKm(exact, shown) * 1000).toBeLessThan(PUBLIC_CIRCLE_METRES);
    expect(shown).not.toEqual(exact);
    // Other spots of the same cell (about 100 m from its middle) show the very same point.
    expect(publicPoint({ lat: shown.lat + 0.001, lng: shown.lng - 0.001 })).toEqual(shown);
    expect(publicPoint({ lat: shown.lat - 0.001, lng: shown.lng + 0.001 })).toEqual(shown);
  });

  it('stay within the circle everywhere, from the equator to the far north', () => {
    for (const lat of [0.1, 35.3, 48.2, 59.9, 69.6, 78.2]) {
      for (const lng of [-9.1, 2.35, 24.9, 179.99]) {
        const p = { lat: lat + 0.00123, lng: lng - 0.00077 };
        expect(distanceKm(p, publicPoint(p)) * 1000).toBeLessThan(PUBLIC_CIRCLE_METRES);
      }
    }
  });

  it('round a distance for the card', () => {
    expect(roundDistanceKm(3.24)).toBe(3.2);
    expect(roundDistanceKm(12.6)).toBe(13);
  });
});
