import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { GeoPlace, Location } from '@rentdrive/contracts/location';
import { LocationPaths } from '@rentdrive/contracts/paths/location';
import { callApi, lazyEndpointFrom } from './api-client';
import { useDebouncedValue } from './use-debounced-value';

// Its schemas (and zod) load with the first suggestion asked for, not with the listing's 'Where' region.
const places = lazyEndpointFrom<typeof Location.places>('GET', LocationPaths.places, () =>
  import('@rentdrive/contracts/location').then((m) => m.Location.places),
);

/** The wait after the last key before suggestions are asked for. */
const PLACES_DEBOUNCE_MS = 200;

/** A suggestion's label: 'München, DE', '10115 Berlin, DE'. */
export function placeLabel(place: GeoPlace): string {
  return `${place.postcode ? `${place.postcode} ` : ''}${place.name}, ${place.country}`;
}

/** Place suggestions (GET /api/geo/places, the offline gazetteer) for the text typed, after a short pause; none below 2 characters. */
export function useGeoPlaces(text: string) {
  const q = useDebouncedValue(text.trim(), PLACES_DEBOUNCE_MS);
  return useQuery({
    queryKey: ['geo-places', q],
    queryFn: ({ signal }) => callApi(places, { query: { q }, signal }),
    enabled: q.length >= 2,
    staleTime: Infinity,
    placeholderData: keepPreviousData,
  });
}
