/**
 * The endpoints the public pages' first load calls (home, the listing, a vehicle, the header), in one
 * chunk that loads with the first such call: their schemas need zod, which the first load does not
 * carry (docs/performance.md). lazyEndpoint (api-client.ts) picks an endpoint from here.
 */
export { Account } from '@rentdrive/contracts/account';
export { Base } from '@rentdrive/contracts/base';
export { Catalogue } from '@rentdrive/contracts/catalogue';
export { Chat } from '@rentdrive/contracts/chat';
export { Favourites } from '@rentdrive/contracts/favourites';
export { Notifications } from '@rentdrive/contracts/notifications';
export { Search } from '@rentdrive/contracts/search';
export { Vehicles } from '@rentdrive/contracts/vehicles';
