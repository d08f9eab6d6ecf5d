import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Location, type GeoPlace } from '@rentdrive/contracts/location';
import { callApi } from './api-client';
import { useDebouncedValue } from './use-debounced-value';

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
    queryFn: ({ signal }) => callApi(Location.places, { query: { q }, signal }),
    enabled: q.length >= 2,
    staleTime: Infinity,
    placeholderData: keepPreviousData,
  });
}
