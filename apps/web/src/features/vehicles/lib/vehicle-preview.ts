import type { QueryClient } from '@tanstack/react-query';
import type { VehicleCard } from '@rentdrive/contracts/search';

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

/** A list card (VehicleCard) of vehicle `id`: the fields a preview draws, of their types. */
function isCard(item: unknown, id: string): item is VehicleCard {
  if (typeof item !== 'object' || item === null) return false;
  const card = item as Partial<Record<keyof VehicleCard, unknown>>;
  return (
    card.id === id &&
    typeof card.make === 'string' &&
    typeof card.model === 'string' &&
    typeof card.pricePerDay === 'number' &&
    typeof card.yearOfProduction === 'number' &&
    typeof card.starsRating === 'number' &&
    typeof card.reviewCount === 'number' &&
    typeof card.vehicleType === 'string' &&
    (typeof card.imageURL === 'string' || card.imageURL === null)
  );
}

/**
 * The card of vehicle `id` in a list the query cache holds (the listing's results, home's recent
 * listings, the saved vehicles), or undefined when no list showed it: the card a visitor clicked is on
 * the page they came from, so its answer is in the cache. Features do not import each other, and the
 * search feature's key would bring its shared chunk into the vehicle page's first load: every cached
 * answer that is a list of cards (or has one as `items`) is looked through, a few dozen at most.
 */
export function findVehiclePreview(queryClient: QueryClient, id: string): VehiclePreview | undefined {
  for (const query of queryClient.getQueryCache().getAll()) {
    const data: unknown = query.state.data;
    const list: unknown = Array.isArray(data) ? data : (data as { items?: unknown } | undefined)?.items;
    if (!Array.isArray(list)) continue;
    const card = list.find((item) => isCard(item, id));
    if (card) return card;
  }
  return undefined;
}
