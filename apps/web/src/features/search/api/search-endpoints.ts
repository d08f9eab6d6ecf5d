import { SearchPaths } from '@rentdrive/contracts/paths/search';
import { lazyEndpoint } from '../../../lib/api-client';

/*
 * The search endpoints the public pages call: home and the listing are first loads, which carry no
 * zod, so the contract module loads with the first call (lib/api-client.ts, lazyEndpoint).
 */
export const SearchEndpoints = {
  recent: lazyEndpoint('GET', SearchPaths.recent, (c) => c.Search.recent),
  activeListings: lazyEndpoint('GET', SearchPaths.activeListings, (c) => c.Search.activeListings),
  search: lazyEndpoint('POST', SearchPaths.search, (c) => c.Search.search),
  baseFilterProperties: lazyEndpoint('GET', SearchPaths.baseFilterProperties, (c) => c.Search.baseFilterProperties),
};
