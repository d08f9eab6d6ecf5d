import { template } from './template';

/** A signed-in user's saved vehicles ('Saved' in the profile). */
export const FavouritePaths = {
  list: '/api/favourites',
  /** PUT saves, DELETE forgets (both idempotent). */
  one: template('/api/favourites/:vehicleId'),
  /** Public: the cards of listed vehicles by id ('Recently viewed' on home); removed ones are left out. */
  cards: '/api/vehicle/cards',
} as const;
