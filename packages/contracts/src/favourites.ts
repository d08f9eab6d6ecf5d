import { z } from 'zod';
import { endpoint } from './endpoint';
import { FavouritePaths } from './paths/favourites';
import { VehicleCardSchema } from './search';

export const FavouriteMessages = {
  tooManyIds: 'Ask for at most 20 vehicles at once.',
} as const;

/** How many vehicles one GET /api/vehicle/cards may name. */
export const VEHICLE_CARDS_MAX = 20;

/** `?ids=<uuid>,<uuid>`: the vehicles to show, in this order; ids of removed vehicles are skipped. */
export const VehicleCardsQuerySchema = z.object({
  ids: z
    .string()
    .optional()
    .transform((value) =>
      (value ?? '')
        .split(',')
        .map((id) => id.trim())
        .filter(Boolean),
    )
    .refine((ids) => ids.length <= VEHICLE_CARDS_MAX, FavouriteMessages.tooManyIds),
});

/** The answer of saving or forgetting: the vehicle and whether it is saved now. */
export const FavouriteStateSchema = z.object({ vehicleId: z.string(), saved: z.boolean() });
export type FavouriteState = z.infer<typeof FavouriteStateSchema>;

const VehicleCardListSchema = z.array(VehicleCardSchema);

/** Saved vehicles (signed in only) and the public card lookup behind 'Recently viewed'. */
export const Favourites = {
  /** The caller's saved vehicles, newest first; removed vehicles drop out. */
  list: endpoint('GET', FavouritePaths.list, { response: { 200: VehicleCardListSchema } }),
  save: endpoint('PUT', FavouritePaths.one, { response: { 200: FavouriteStateSchema } }),
  remove: endpoint('DELETE', FavouritePaths.one, { response: { 200: FavouriteStateSchema } }),
  cards: endpoint('GET', FavouritePaths.cards, { query: VehicleCardsQuerySchema, response: { 200: VehicleCardListSchema } }),
};
