import { useSearchParams } from 'react-router';
import { VehicleDetailPath } from '@rentdrive/contracts/paths/vehicle-detail';

/** Dates a renter is looking for, as 'YYYY-MM-DD' days, both included. */
export interface WantedDates {
  from?: string;
  to?: string;
}

const DAY = /^\d{4}-\d{2}-\d{2}$/;

function validDay(value: string | null | undefined): string | undefined {
  if (!value || !DAY.test(value)) return undefined;
  const date = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === value ? value : undefined;
}

/**
 * The `from`/`to` of a URL (listing, home search, vehicle page). One alone means that single day;
 * reversed days are put in order; anything that is not a real day is ignored.
 */
export function parseWantedDates(params: URLSearchParams): WantedDates {
  const from = validDay(params.get('from'));
  const to = validDay(params.get('to'));
  if (!from && !to) return {};
  const first = from ?? to!;
  const last = to ?? from!;
  return first <= last ? { from: first, to: last } : { from: last, to: first };
}

/** The current page's wanted dates (`?from=&to=`), e.g. a listing searched for days. */
export function useWantedDates(): WantedDates {
  const [params] = useSearchParams();
  return parseWantedDates(params);
}

/**
 * A vehicle's page carrying the wanted dates (`?from=&to=`), so they arrive selected in its calendar and
 * rent dialog; without dates it is the plain vehicle path.
 */
export function vehiclePathWithDates(vehicleId: string, from?: string, to?: string): string {
  const path = VehicleDetailPath(vehicleId);
  const dates = parseWantedDates(new URLSearchParams([...(from ? [['from', from]] : []), ...(to ? [['to', to]] : [])]));
  if (!dates.from || !dates.to) return path;
  return `${path}?${new URLSearchParams({ from: dates.from, to: dates.to }).toString()}`;
}
