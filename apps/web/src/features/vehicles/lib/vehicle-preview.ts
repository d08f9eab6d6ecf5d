import type { QueryClient } from '@tanstack/react-query';
import type { VehicleCard } from '@rentdrive/contracts/search';
import { SEARCH_QUERY_PREFIX } from '../../../lib/listing-queries';

/** What a vehicle's card already showed: its page draws this at once while the rest of the vehicle loads. */
export type VehiclePreview = Pick<
  VehicleCard,
  | 'id'
  | 'make'
  | 'model'
  | 'pricePerDay'
  | 'imageURL'
  | 'starsRating'
  | 'reviewCount'
  | 'vehicleType'
  | 'vehicleTypeCategory'
  | 'yearOfProduction'
>;

const isCard = (item: unknown, id: string): item is VehicleCard =>
  typeof item === 'object' &&
  item !== null &&
  (item as { id?: unknown }).id === id &&
  typeof (item as { make?: unknown }).make === 'string' &&
  typeof (item as { pricePerDay?: unknown }).pricePerDay === 'number';

/**
 * The card of vehicle `id` in the answers the search feature keeps in the query cache (the listing's
 * results, home's recent listings), or undefined when no list showed it: the card a visitor clicked
 * is on the page they came from, so its answer is in the cache. Features do not import each other:
 * this reads the cache by the search queries' shared prefix.
 */
export function findVehiclePreview(queryClient: QueryClient, id: string): VehiclePreview | undefined {
  for (const [, data] of queryClient.getQueriesData<unknown>({ queryKey: SEARCH_QUERY_PREFIX })) {
    const list: unknown = Array.isArray(data) ? data : (data as { items?: unknown } | undefined)?.items;
    if (!Array.isArray(list)) continue;
    const card = list.find((item) => isCard(item, id));
    if (card) return card;
  }
  return undefined;
}
