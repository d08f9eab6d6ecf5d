/**
 * The contracts of the endpoints the public pages call (home, the listing, a vehicle, the header),
 * one area at a time: their schemas need zod, which the first load does not carry
 * (docs/performance.md). lazyEndpoint (api-client.ts) loads this small module with its first call,
 * and `loadPicked` imports the one area its pick reads (`c.Search.search`: the search contract
 * alone, not every area's schemas: evaluating them all took 100-300 ms on a phone at 4x).
 */
import type { Account } from '@rentdrive/contracts/account';
import type { Base } from '@rentdrive/contracts/base';
import type { Catalogue } from '@rentdrive/contracts/catalogue';
import type { Chat } from '@rentdrive/contracts/chat';
import type { Favourites } from '@rentdrive/contracts/favourites';
import type { Notifications } from '@rentdrive/contracts/notifications';
import type { Search } from '@rentdrive/contracts/search';
import type { Vehicles } from '@rentdrive/contracts/vehicles';

/** What a lazy endpoint's pick reads from: `(c) => c.Area.endpoint`. */
export interface LazyContracts {
  Account: typeof Account;
  Base: typeof Base;
  Catalogue: typeof Catalogue;
  Chat: typeof Chat;
  Favourites: typeof Favourites;
  Notifications: typeof Notifications;
  Search: typeof Search;
  Vehicles: typeof Vehicles;
}

const areas: { [Area in keyof LazyContracts]: () => Promise<LazyContracts[Area]> } = {
  Account: () => import('@rentdrive/contracts/account').then((m) => m.Account),
  Base: () => import('@rentdrive/contracts/base').then((m) => m.Base),
  Catalogue: () => import('@rentdrive/contracts/catalogue').then((m) => m.Catalogue),
  Chat: () => import('@rentdrive/contracts/chat').then((m) => m.Chat),
  Favourites: () => import('@rentdrive/contracts/favourites').then((m) => m.Favourites),
  Notifications: () => import('@rentdrive/contracts/notifications').then((m) => m.Notifications),
  Search: () => import('@rentdrive/contracts/search').then((m) => m.Search),
  Vehicles: () => import('@rentdrive/contracts/vehicles').then((m) => m.Vehicles),
};

/**
 * The endpoint `pick` names, its area's module alone imported: the pick runs once over a recorder
 * of the names it reads ('Search', 'search'), then over the loaded area.
 */
export async function loadPicked<E>(pick: (contracts: LazyContracts) => E): Promise<E> {
  const names: string[] = [];
  const recorder: object = new Proxy(
    {},
    {
      get(_target, name) {
        names.push(String(name));
        return recorder;
      },
    },
  );
  pick(recorder as LazyContracts);
  const area = names[0] as keyof LazyContracts;
  const load = areas[area] as (() => Promise<LazyContracts[keyof LazyContracts]>) | undefined;
  if (!load) throw new Error(`lazyEndpoint: no contract area '${String(area)}'`);
  const contract = await load();
  return pick({ [area]: contract } as unknown as LazyContracts);
}
