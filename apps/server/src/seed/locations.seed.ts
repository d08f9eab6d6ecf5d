import { asc, isNull, sql } from 'drizzle-orm';
import { vehicleLocations, vehicles } from '../db/schema/index';
import type { SeedContext } from './seed-context';

/**
 * Demo pick-up places (issue 26): the demo's vehicles spread over twenty real European cities in
 * thirteen countries, in turn, each a short way (0.5 to 4 km) from the city centre so that vehicles of
 * one city do not share a point. Postcodes are those of the centres; the names are the gazetteer's
 * (local) names, so the postcodes are found by the place suggestions too. Runs once: not when any
 * vehicle already has a place.
 */
export const DEMO_CITIES: readonly { city: string; country: string; postcode: string; lat: number; lng: number }[] = [
  { city: 'Berlin', country: 'DE', postcode: '10117', lat: 52.52, lng: 13.405 },
  { city: 'Hamburg', country: 'DE', postcode: '20095', lat: 53.5511, lng: 9.9937 },
  { city: 'München', country: 'DE', postcode: '80331', lat: 48.1374, lng: 11.5755 },
  { city: 'Köln', country: 'DE', postcode: '50667', lat: 50.9375, lng: 6.9603 },
  { city: 'Frankfurt am Main', country: 'DE', postcode: '60311', lat: 50.1109, lng: 8.6821 },
  { city: 'Wien', country: 'AT', postcode: '1010', lat: 48.2082, lng: 16.3738 },
  { city: 'Zürich', country: 'CH', postcode: '8001', lat: 47.3769, lng: 8.5417 },
  { city: 'Paris', country: 'FR', postcode: '75001', lat: 48.8566, lng: 2.3522 },
  { city: 'Lyon', country: 'FR', postcode: '69002', lat: 45.764, lng: 4.8357 },
  { city: 'Amsterdam', country: 'NL', postcode: '1012', lat: 52.3676, lng: 4.9041 },
  { city: 'Bruxelles', country: 'BE', postcode: '1000', lat: 50.8503, lng: 4.3517 },
  { city: 'Madrid', country: 'ES', postcode: '28013', lat: 40.4168, lng: -3.7038 },
  { city: 'Barcelona', country: 'ES', postcode: '08002', lat: 41.3874, lng: 2.1686 },
  { city: 'Lisboa', country: 'PT', postcode: '1100-148', lat: 38.7223, lng: -9.1393 },
  { city: 'Roma', country: 'IT', postcode: '00186', lat: 41.9028, lng: 12.4964 },
  { city: 'Milano', country: 'IT', postcode: '20121', lat: 45.4642, lng: 9.19 },
  { city: 'København', country: 'DK', postcode: '1550', lat: 55.6761, lng: 12.5683 },
  { city: 'Praha', country: 'CZ', postcode: '110 00', lat: 50.0755, lng: 14.4378 },
  { city: 'Warszawa', country: 'PL', postcode: '00-001', lat: 52.2297, lng: 21.0122 },
  { city: 'Stockholm', country: 'SE', postcode: '111 29', lat: 59.3293, lng: 18.0686 },
];

/** The i-th demo place: the cities in turn, each point moved along a golden-angle spiral (0.5 to 4 km). */
export function demoPlace(i: number) {
  const c = DEMO_CITIES[i % DEMO_CITIES.length]!;
  const round = Math.floor(i / DEMO_CITIES.length);
  const km = 0.5 + ((round * 7 + i) % 8) * 0.5;
  const angle = (i * 137.508 * Math.PI) / 180;
  const lat = c.lat + (km / 111.2) * Math.cos(angle);
  const lng = c.lng + (km / (111.2 * Math.cos((c.lat * Math.PI) / 180))) * Math.sin(angle);
  return {
    city: c.city,
    country: c.country,
    postcode: c.postcode,
    address: null,
    lat: Math.round(lat * 1e6) / 1e6,
    lng: Math.round(lng * 1e6) / 1e6,
  };
}

export async function seedLocations({ database, log }: SeedContext): Promise<void> {
  const db = database.db;
  const [placed] = await db.select({ n: sql<number>`count(*)::int` }).from(vehicleLocations);
  if (Number(placed?.n ?? 0) > 0) return;
  const live = await db
    .select({ id: vehicles.id })
    .from(vehicles)
    .where(isNull(vehicles.deletedAt))
    .orderBy(asc(vehicles.createdAt), asc(vehicles.id));
  if (!live.length) return;
  await db.insert(vehicleLocations).values(live.map((v, i) => ({ vehicleId: v.id, ...demoPlace(i) })));
  log(`seed: ${live.length} vehicles placed in ${Math.min(live.length, DEMO_CITIES.length)} European cities`);
}
