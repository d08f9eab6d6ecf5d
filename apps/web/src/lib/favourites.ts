import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Favourites } from '@rentdrive/contracts/favourites';
import { FavouritePaths } from '@rentdrive/contracts/paths/favourites';
import type { VehicleCard } from '@rentdrive/contracts/search';
import { callApi, lazyEndpoint } from './api-client';
import { useSession } from './session';

/*
 * Saved vehicles. The hearts sit on public pages (listing, home, a vehicle), whose first load carries
 * no zod: the contract loads with the first call (lib/api-client.ts, lazyEndpoint).
 */
export const FavouriteEndpoints = {
  list: lazyEndpoint('GET', FavouritePaths.list, (c) => c.Favourites.list),
  save: lazyEndpoint<typeof Favourites.save>('PUT', FavouritePaths.one, (c) => c.Favourites.save),
  remove: lazyEndpoint<typeof Favourites.remove>('DELETE', FavouritePaths.one, (c) => c.Favourites.remove),
  cards: lazyEndpoint('GET', FavouritePaths.cards, (c) => c.Favourites.cards),
};

export const favouritesQueryKey = (userId: string | undefined) => ['favourites', userId ?? 'signed-out'] as const;

/** The signed-in user's saved vehicles (cards, newest first); idle when signed out. */
export function useSavedVehicles() {
  const { user } = useSession();
  return useQuery({
    queryKey: favouritesQueryKey(user?.id),
    queryFn: ({ signal }) => callApi(FavouriteEndpoints.list, { signal }),
    enabled: user !== null,
    staleTime: 30_000,
  });
}

/** Save or forget a vehicle; the list updates at once and is fetched again afterwards. */
export function useToggleFavourite() {
  const { user } = useSession();
  const queryClient = useQueryClient();
  const key = favouritesQueryKey(user?.id);
  return useMutation({
    mutationFn: async ({ vehicle, save }: { vehicle: VehicleCardLike; save: boolean }) =>
      save
        ? callApi(FavouriteEndpoints.save, { params: { vehicleId: vehicle.id } })
        : callApi(FavouriteEndpoints.remove, { params: { vehicleId: vehicle.id } }),
    onMutate: async ({ vehicle, save }) => {
      await queryClient.cancelQueries({ queryKey: key });
      const before = queryClient.getQueryData<VehicleCard[]>(key);
      if (before) {
        const rest = before.filter((card) => card.id !== vehicle.id);
        queryClient.setQueryData<VehicleCard[]>(key, save && isCard(vehicle) ? [vehicle, ...rest] : rest);
      }
      return { before };
    },
    onError: (_error, _variables, context) => {
      if (context?.before) queryClient.setQueryData(key, context.before);
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: key }),
  });
}

/** What a heart knows of its vehicle: its id, and its card when it has one (shown at once in the list). */
export type VehicleCardLike = { id: string } | VehicleCard;

function isCard(vehicle: VehicleCardLike): vehicle is VehicleCard {
  return 'make' in vehicle;
}

/** The cards of the vehicles with these ids, in this order; removed vehicles are left out. */
export function useVehicleCards(ids: string[]) {
  return useQuery({
    queryKey: ['vehicle-cards', ...ids],
    queryFn: ({ signal }) => callApi(FavouriteEndpoints.cards, { query: { ids: ids.join(',') }, signal }),
    enabled: ids.length > 0,
  });
}
